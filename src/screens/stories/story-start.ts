import type { Story } from "../../domain/models.ts"

/**
 * Where playback starts (spec §4): the first story posted after `lastSeen` (ms), or the first
 * story when all have been seen.
 */
export function firstUnseenIndex(stories: readonly Story[], lastSeen: number): number {
  const index = stories.findIndex((story) => new Date(story.createdAt).getTime() > lastSeen)
  return index === -1 ? 0 : index
}

/** Whether any story was posted after `lastSeen` (ms): the avatar then shows its ring. */
export function hasUnseenStory(stories: readonly Story[], lastSeen: number): boolean {
  return stories.some((story) => new Date(story.createdAt).getTime() > lastSeen)
}
