import { lazy, Suspense } from "react"
import { ProfileScreen } from "../../../screens/profile/profile-screen.tsx"
import { appConfig, currentYear } from "../../config.ts"
import { useCreator } from "../creator-context.ts"
import { HighlightPlayer } from "../highlight-player.tsx"
import { useProfilePage, type PhotoList } from "../use-profile-page.ts"

// Its own chunk: the switch and its API calls never weigh on a visitor's first load.
const ProfileNotify = lazy(() => import("../profile-notify.tsx"))

/** The profile page with the photo list its viewer gets. */
export function ProfilePage({ photos }: { photos: PhotoList }) {
  const { username, profile } = useCreator()
  const page = useProfilePage(username, profile, photos)
  return (
    <ProfileScreen
      view={page.view}
      loggedIn={page.loggedIn}
      now={page.now}
      lastSeen={page.lastSeen}
      settingsHref={page.paths.settings}
      subscriberHref={page.paths.auth}
      supportPhone={appConfig.supportPhone}
      year={currentYear()}
      onRetry={page.retry}
      onSubscribe={page.subscribe}
      onOpenStories={page.openStories}
      onOpenHighlight={page.openHighlight}
      onToggleLike={page.toggleLike}
      onLoadMorePhotos={page.loadMorePhotos}
      // The player stays lazy: the profile loads no player code until a highlight opens.
      highlightPlayer={<HighlightPlayer {...page.player} />}
      notify={
        page.loggedIn ? (
          // The same height as the switch, so nothing moves when it arrives (profile-notify.tsx).
          <Suspense fallback={<div aria-hidden="true" className="min-h-11" />}>
            <ProfileNotify username={username} />
          </Suspense>
        ) : null
      }
    />
  )
}
