import { useState } from "react"
import { useNavigate } from "../routing/route-views.tsx"
import { useHighlights } from "../../api/highlights.ts"
import { useProfileStats } from "../../api/profiles.ts"
import { useStories } from "../../api/stories.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Highlight, Media, Profile } from "../../domain/models.ts"
import type { ProfileView } from "../../screens/profile/profile-screen.tsx"
import { useSession } from "../session.ts"
import { moreState } from "../more-state.ts"
import type { PagedList } from "../../api/pages.ts"
import { useStore } from "../stores/persisted.ts"
import { seenStore } from "../stores/seen-store.ts"
import type { HighlightPlayerProps } from "./highlight-player.tsx"
import { subscribePath } from "./navigation.ts"
import { creatorPaths } from "./paths.ts"

/** The photo grid's list, as `useMedias` gives it to a signed-in viewer. */
export type PhotoList = PagedList<Media> & {
  mutate: () => Promise<unknown>
  toggleLike: (id: string, liked: boolean) => Promise<void>
}

/** A visitor's grid: photos are for signed-in viewers only, so there is nothing to ask for. */
export const noPhotos: PhotoList = {
  data: undefined,
  error: undefined,
  errorMore: undefined,
  more: "none",
  loadMore: () => undefined,
  mutate: async () => undefined,
  toggleLike: async () => undefined,
}

/**
 * Everything the profile page shows: highlights for everyone, photos (`medias`, loaded by the
 * caller) and stories only for a signed-in viewer (spec §2 "On load"), and where its buttons lead.
 */
export function useProfilePage(username: string, profile: Profile, medias: PhotoList) {
  const { viewer, loggedIn } = useSession()
  const { lastSeen } = useStore(seenStore)
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const stats = useProfileStats(username)
  const highlights = useHighlights(username, viewer)
  const stories = useStories(username, viewer)
  const subscription = useSubscription(username, viewer)
  const [highlight, setHighlight] = useState<Highlight | null>(null)
  const now = new Date()

  const failed = highlights.error ?? medias.error ?? stories.error
  const view: ProfileView = failed
    ? { status: "error", message: errorMessage(failed) }
    : {
        status: "ready",
        profile,
        stats: stats.data ?? null,
        highlights: highlights.data ?? [],
        medias: medias.data ?? [],
        morePhotos: moreState(medias.more, medias.errorMore),
        stories: stories.data ?? [],
        subscription:
          subscription.data === undefined && !subscription.error
            ? { status: "loading" }
            : { status: "ready", subscription: subscription.data ?? null },
      }

  return {
    view,
    now,
    loggedIn,
    lastSeen,
    paths,
    toggleLike: medias.toggleLike,
    loadMorePhotos: medias.loadMore,
    retry: () => {
      for (const resource of [stats, highlights, medias, stories, subscription])
        void resource.mutate()
    },
    subscribe: () => void navigate(subscribePath(paths, profile, loggedIn, subscription.data)),
    openStories: () => void navigate(paths.stories),
    // A highlight with no stories (or none the viewer may see) does nothing.
    openHighlight: (id: string) => setHighlight(highlights.data?.find((h) => h._id === id) ?? null),
    /** The highlight playing, with the stories the viewer may see. */
    player: {
      highlight: highlight?.stories?.length ? highlight : null,
      author: profile,
      now,
      onClose: () => setHighlight(null),
    } satisfies HighlightPlayerProps,
  }
}
