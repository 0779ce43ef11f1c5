import { useState } from "react"
import type { Story } from "../../domain/models.ts"

/**
 * The story as it was when it came on screen. The list is fetched again before its links lapse,
 * which signs them anew: the story showing keeps the links it started with, so its video does
 * not restart and its picture does not reload. The next story takes the fresh ones.
 */
export function useSteadyStory(story: Story): Story {
  const [shown, setShown] = useState(story)
  // Another story, or this one finished processing: show the new one.
  if (shown._id !== story._id || shown.processed !== story.processed) {
    setShown(story)
    return story
  }
  return shown
}
