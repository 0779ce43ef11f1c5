import { lazy, Suspense } from "react"
import type { Instant } from "../../domain/dates.ts"
import type { Highlight } from "../../domain/models.ts"
import type { StoriesPlayerProps } from "../../screens/stories/stories-player.tsx"

// The player (and its dialog) loads when a highlight opens, not with the profile.
const StoriesPlayer = lazy(async () => ({
  default: (await import("../../screens/stories/stories-player.tsx")).StoriesPlayer,
}))

export type HighlightPlayerProps = {
  /** The highlight playing, or null when none is open. */
  highlight: Highlight | null
  author: StoriesPlayerProps["author"]
  now: Instant
  onClose: () => void
}

/** A highlight's stories, from the first, over the profile. */
export function HighlightPlayer({ highlight, author, now, onClose }: HighlightPlayerProps) {
  if (!highlight?.stories) return null
  return (
    <Suspense fallback={null}>
      <StoriesPlayer
        stories={highlight.stories}
        author={author}
        now={now}
        startIndex={0}
        onClose={onClose}
      />
    </Suspense>
  )
}
