import { lazy, Suspense, useState, type ReactNode } from "react"
import { Banner } from "../../components/banner.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { Footer } from "../../components/footer.tsx"
import type { LoadMoreState } from "../../components/load-more.tsx"
import { Header } from "../../components/header.tsx"
import { SupportButton } from "../../components/support-button.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import type { Instant } from "../../domain/dates.ts"
import type {
  Highlight,
  Media,
  Profile,
  ProfileStats,
  Story,
  Subscription,
} from "../../domain/models.ts"
import { hasAccess } from "../../domain/statuses.ts"
import { hasUnseenStory } from "../stories/story-start.ts"
import { ProfileGrid } from "./profile-grid.tsx"
import { ProfileHighlights } from "./profile-highlights.tsx"
import { ProfileLoading } from "./profile-loading.tsx"
import { ProfilePresentation } from "./profile-presentation.tsx"
import { ProfileSubscribeBox } from "./profile-subscribe-box.tsx"

// The photo viewer (and its dialog) loads when a photo opens, not with the profile.
const MediaFeed = lazy(async () => ({ default: (await import("./media-feed.tsx")).MediaFeed }))

export type ProfileSubscriptionState =
  { status: "loading" } | { status: "ready"; subscription: Subscription | null }

export type ProfileView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready"
      profile: Profile
      /** Null while the counts load. */
      stats: ProfileStats | null
      highlights: Highlight[]
      /** Photos and stories come only for logged-in viewers the server lets see them. */
      medias: Media[]
      /** Where the photos stand past their first page; none when they all came at once. */
      morePhotos?: LoadMoreState | null
      stories: Story[]
      subscription: ProfileSubscriptionState
    }

export type ProfileScreenProps = {
  view: ProfileView
  loggedIn: boolean
  /** The clock deciding whether the subscription is active. */
  now: Instant
  /** Seen timestamp (ms): a newer story draws the avatar ring. */
  lastSeen: number
  settingsHref: string
  /** "Já sou assinante" (the login). */
  subscriberHref: string
  supportPhone: string
  /** Copyright year in the footer. */
  year: number
  onRetry: () => void
  onSubscribe: () => void
  onOpenStories: () => void
  onOpenHighlight: (id: string) => void
  onToggleLike: (id: string, nextLiked: boolean) => Promise<void>
  /** The grid's next page of photos (as it scrolls into view, or "Carregar mais"). */
  onLoadMorePhotos?: () => void
  /** The stories player of the highlight that is open, shown over the page; none when closed. */
  highlightPlayer?: ReactNode
  /** "Avisar quando tiver novidade", shown to a subscriber with access only. */
  notify?: ReactNode
}

export function ProfileScreen(props: ProfileScreenProps) {
  const { view, year, supportPhone } = props
  const username = view.status === "ready" ? view.profile.username : null
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      {view.status === "ready" ? (
        <Header
          title={view.profile.fullName}
          moreOptionsHref={props.loggedIn ? props.settingsHref : undefined}
        />
      ) : (
        <Header
          title={
            view.status === "loading" ? (
              <>
                <Skeleton shape="text" className="w-40" />
                <span className="sr-only">Carregando</span>
              </>
            ) : (
              PRODUCT_NAME
            )
          }
        />
      )}
      {view.status === "error" ? (
        <main className="flex flex-1 flex-col justify-center">
          <ErrorState
            title="Não foi possível abrir este perfil"
            message={view.message}
            onRetry={props.onRetry}
          />
        </main>
      ) : (
        <>
          <Banner
            loading={view.status === "loading"}
            src={view.status === "ready" ? view.profile.bannerPic : null}
            image={view.status === "ready" ? view.profile.bannerPicImage : undefined}
          />
          <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col">
            {view.status === "loading" ? (
              <ProfileLoading />
            ) : (
              <ReadyProfile {...props} view={view} />
            )}
          </main>
        </>
      )}
      <Footer
        year={year}
        productName={PRODUCT_NAME}
        action={
          <SupportButton
            phone={supportPhone}
            message={
              username
                ? `Olá! Preciso de ajuda com o Close Friends de @${username}.`
                : "Olá! Preciso de ajuda com o Close Friends."
            }
          />
        }
      />
      {props.highlightPlayer}
    </div>
  )
}

function ReadyProfile({
  view,
  now,
  lastSeen,
  subscriberHref,
  onSubscribe,
  onOpenStories,
  onOpenHighlight,
  onToggleLike,
  onLoadMorePhotos,
  notify,
}: ProfileScreenProps & { view: Extract<ProfileView, { status: "ready" }> }) {
  const [openMedia, setOpenMedia] = useState<string | null>(null)
  const { profile, subscription } = view
  const known = subscription.status === "ready"
  const active = known && hasAccess(subscription.subscription, now)
  const locked = known && !active

  return (
    <>
      <div className="flex flex-col gap-4 pb-4">
        <ProfilePresentation
          profile={profile}
          stats={view.stats}
          showBio={!active}
          hasStories={view.stories.length > 0}
          hasUnseenStory={hasUnseenStory(view.stories, lastSeen)}
          onOpenStories={onOpenStories}
        />
        {active ? notify : null}
        <ProfileHighlights
          highlights={view.highlights}
          locked={locked}
          onOpenHighlight={onOpenHighlight}
        />
      </div>
      <ProfileGrid
        username={profile.username}
        medias={view.medias}
        state={known ? (active ? "open" : "locked") : "loading"}
        onOpenMedia={setOpenMedia}
        onSubscribe={onSubscribe}
        more={view.morePhotos}
        onLoadMore={onLoadMorePhotos}
      />
      {locked ? (
        <ProfileSubscribeBox
          subscription={subscription.subscription}
          subscriberHref={subscriberHref}
          onSubscribe={onSubscribe}
        />
      ) : null}
      {openMedia ? (
        <Suspense fallback={null}>
          <MediaFeed
            medias={view.medias}
            author={profile}
            selectedId={openMedia}
            onToggleLike={onToggleLike}
            onClose={() => setOpenMedia(null)}
            more={view.morePhotos}
            onLoadMore={onLoadMorePhotos}
          />
        </Suspense>
      ) : null}
    </>
  )
}
