import { lazy, Suspense } from "react"
import { useNavigate } from "react-router"
import { ProfileScreen } from "../../screens/profile/profile-screen.tsx"
import { appConfig, currentYear } from "../config.ts"
import { useCreator } from "../creator/creator-context.ts"
import { subscribePath } from "../creator/navigation.ts"
import { creatorPaths } from "../creator/paths.ts"
import { useProfileView } from "../creator/use-profile-view.ts"
import { useSession } from "../session.ts"
import { useStore } from "../stores/persisted.ts"
import { seenStore } from "../stores/seen-store.ts"

// The player (and its dialog) loads when a highlight opens, not with the profile.
const StoriesPlayer = lazy(async () => ({
  default: (await import("../../screens/stories/stories-player.tsx")).StoriesPlayer,
}))

export default function ProfileRoute() {
  const { username, profile } = useCreator()
  const { viewer, loggedIn } = useSession()
  const { lastSeen } = useStore(seenStore)
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const page = useProfileView(username, profile, viewer)
  const now = new Date()
  return (
    <>
      <ProfileScreen
        view={page.view}
        loggedIn={loggedIn}
        now={now}
        lastSeen={lastSeen}
        settingsHref={paths.settings}
        subscriberHref={paths.auth}
        supportPhone={appConfig.supportPhone}
        year={currentYear()}
        onRetry={page.retry}
        onSubscribe={() =>
          void navigate(subscribePath(paths, profile, loggedIn, page.subscription))
        }
        onOpenStories={() => void navigate(paths.stories)}
        // A highlight with no stories (or none the viewer may see) does nothing.
        onOpenHighlight={page.openHighlight}
        onToggleLike={page.toggleLike}
      />
      {page.highlight?.stories ? (
        <Suspense fallback={null}>
          <StoriesPlayer
            stories={page.highlight.stories}
            author={profile}
            now={now}
            startIndex={0}
            onClose={page.closeHighlight}
          />
        </Suspense>
      ) : null}
    </>
  )
}
