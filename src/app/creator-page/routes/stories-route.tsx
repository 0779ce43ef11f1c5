import { Navigate } from "react-router"
import { useNavigate } from "../../routing/route-views.tsx"
import { sendStorySeen, useStories } from "../../../api/stories.ts"
import { SplashScreen } from "../../../screens/misc/splash-screen.tsx"
import { StoriesPlayer } from "../../../screens/stories/stories-player.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { useIdleWorkReleasedOnPaint } from "../../use-idle.ts"
import { whenIdle } from "../../when-idle.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useSession } from "../../session.ts"
import { markStorySeen } from "../../stores/seen-store.ts"
import { rememberedPlayback } from "../../stores/stories-store.ts"

/**
 * The creator's stories, from the first one newer than this creator's last activity, muted if
 * the follower left them muted (spec §3, §4).
 */
export default function StoriesRoute() {
  const { username, profile } = useCreator()
  const { viewer } = useSession()
  const { data: stories } = useStories(username, viewer, { primed: true })
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const releaseIdleWork = useIdleWorkReleasedOnPaint()
  useTrackVisit("stories", username)

  if (!stories) return <SplashScreen />
  if (stories.length === 0) return <Navigate to={paths.profile} replace />
  return (
    <StoriesPlayer
      stories={stories}
      author={profile}
      now={new Date()}
      {...rememberedPlayback(username, stories)}
      onSeen={(story) => {
        markStorySeen(story.createdAt)
        // Viewer counts are a nicety for the creator: a failed call changes nothing here.
        whenIdle(() => void sendStorySeen(story._id).catch(() => undefined))
      }}
      onMediaSettled={releaseIdleWork}
      onClose={() => void navigate(paths.profile)}
    />
  )
}
