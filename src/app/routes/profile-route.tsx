import { useState } from "react"
import { useNavigate } from "react-router"
import type { Highlight } from "../../domain/models.ts"
import { ProfileScreen } from "../../screens/profile/profile-screen.tsx"
import { StoriesPlayer } from "../../screens/stories/stories-player.tsx"
import { appConfig, currentYear } from "../config.ts"
import { useCreator } from "../creator/creator-context.ts"
import { subscribePath } from "../creator/navigation.ts"
import { creatorPaths } from "../creator/paths.ts"
import { useProfileView } from "../creator/use-profile-view.ts"
import { useSession } from "../session.ts"
import { useStore } from "../stores/persisted.ts"
import { seenStore } from "../stores/seen-store.ts"

export default function ProfileRoute() {
  const { username, profile } = useCreator()
  const { viewer, loggedIn } = useSession()
  const { lastSeen } = useStore(seenStore)
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const { view, highlights, subscription, toggleLike, retry } = useProfileView(
    username,
    profile,
    viewer,
  )
  const [highlight, setHighlight] = useState<Highlight | null>(null)
  const now = new Date()

  return (
    <>
      <ProfileScreen
        view={view}
        loggedIn={loggedIn}
        now={now}
        lastSeen={lastSeen}
        settingsHref={paths.settings}
        subscriberHref={paths.auth}
        supportPhone={appConfig.supportPhone}
        year={currentYear()}
        onRetry={retry}
        onSubscribe={() => void navigate(subscribePath(paths, profile, loggedIn, subscription))}
        onOpenStories={() => void navigate(paths.stories)}
        onOpenHighlight={(id) => {
          const chosen = highlights.find((h) => h._id === id)
          // A highlight with no stories (or none the viewer may see) does nothing.
          if (chosen?.stories?.length) setHighlight(chosen)
        }}
        onToggleLike={toggleLike}
      />
      {highlight?.stories ? (
        <StoriesPlayer
          stories={highlight.stories}
          author={profile}
          now={now}
          startIndex={0}
          onClose={() => setHighlight(null)}
        />
      ) : null}
    </>
  )
}
