import { useState } from "react"
import { useHighlights } from "../../api/highlights.ts"
import { useMedias } from "../../api/medias.ts"
import { useProfileStats } from "../../api/profiles.ts"
import { useStories } from "../../api/stories.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Highlight, Profile } from "../../domain/models.ts"
import type { ProfileView } from "../../screens/profile/profile-screen.tsx"

/**
 * Everything the profile page shows: highlights for everyone, photos and stories only for a
 * signed-in viewer (spec §2 "On load").
 */
export function useProfileView(username: string, profile: Profile, viewer: string | null) {
  const stats = useProfileStats(username)
  const highlights = useHighlights(username, viewer)
  const medias = useMedias(username, viewer)
  const stories = useStories(username, viewer)
  const subscription = useSubscription(username, viewer)
  const [highlight, setHighlight] = useState<Highlight | null>(null)

  const failed = highlights.error ?? medias.error ?? stories.error
  const view: ProfileView = failed
    ? { status: "error", message: errorMessage(failed) }
    : {
        status: "ready",
        profile,
        stats: stats.data ?? null,
        highlights: highlights.data ?? [],
        medias: medias.data ?? [],
        stories: stories.data ?? [],
        subscription:
          subscription.data === undefined && !subscription.error
            ? { status: "loading" }
            : { status: "ready", subscription: subscription.data ?? null },
      }

  const retry = () => {
    for (const resource of [stats, highlights, medias, stories, subscription])
      void resource.mutate()
  }
  return {
    view,
    subscription: subscription.data,
    toggleLike: medias.toggleLike,
    retry,
    /** The highlight playing, with the stories the viewer may see. */
    highlight: highlight?.stories?.length ? highlight : null,
    openHighlight: (id: string) => setHighlight(highlights.data?.find((h) => h._id === id) ?? null),
    closeHighlight: () => setHighlight(null),
  }
}
