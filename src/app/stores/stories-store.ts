import type { Story } from "../../domain/models.ts"
import { firstUnseenIndex } from "../../screens/stories/story-start.ts"
import { createPersistedStore } from "./persisted.ts"

/**
 * Spec §3 "local stories store per username": where a follower left each creator's stories.
 * `lastActivity` is the newest story played to its end or moved past (ms); `currentIndex` and
 * `progress` (0 to 1) are where the player stood when it closed; `muted` is remembered too.
 */
export type CreatorStories = {
  currentIndex: number
  progress: number
  muted: boolean
  lastActivity: number
}

export const noCreatorStories: CreatorStories = {
  currentIndex: 0,
  progress: 0,
  muted: false,
  lastActivity: 0,
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0

/** One creator's entry; each field that is not what it should be reads as its default. */
function parseEntry(raw: unknown): CreatorStories | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null
  const entry = raw as Record<string, unknown>
  const { progress, muted } = entry
  return {
    currentIndex: isCount(entry.currentIndex) ? entry.currentIndex : 0,
    progress: typeof progress === "number" && progress >= 0 && progress <= 1 ? progress : 0,
    muted: typeof muted === "boolean" ? muted : false,
    lastActivity: isCount(entry.lastActivity) ? entry.lastActivity : 0,
  }
}

export const storiesStore = createPersistedStore<Record<string, CreatorStories>>(
  "stories",
  {},
  (raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null
    const entries = Object.entries(raw as Record<string, unknown>).flatMap(([username, value]) => {
      const entry = parseEntry(value)
      return entry ? [[username, entry] as const] : []
    })
    return Object.fromEntries(entries)
  },
  { forgetOnSignOut: true },
)

export const creatorStories = (username: string): CreatorStories =>
  storiesStore.get()[username] ?? noCreatorStories

export function saveCreatorStories(username: string, change: Partial<CreatorStories>): void {
  storiesStore.set((all) => ({ ...all, [username]: { ...creatorStories(username), ...change } }))
}

/** A story played to its end or moved past: the newest such time is kept. */
export function finishStory(username: string, createdAt: string): void {
  const time = new Date(createdAt).getTime()
  if (Number.isNaN(time)) return
  const { lastActivity } = creatorStories(username)
  saveCreatorStories(username, { lastActivity: Math.max(lastActivity, time) })
}

/**
 * Where the player opens (spec §4): the first story newer than lastActivity, and part-way
 * through it when that is the story the follower closed the player on.
 */
export function resumePoint(
  stories: readonly Story[],
  saved: CreatorStories,
): { index: number; progress: number } {
  const index = firstUnseenIndex(stories, saved.lastActivity)
  return { index, progress: saved.currentIndex === index ? saved.progress : 0 }
}

/**
 * The stories player's props that remember a creator's stories: where it opens, whether it is
 * muted, and the callbacks that keep all of that up to date.
 */
export function rememberedPlayback(username: string, stories: readonly Story[]) {
  const saved = creatorStories(username)
  const start = resumePoint(stories, saved)
  return {
    startIndex: start.index,
    startProgress: start.progress,
    defaultMuted: saved.muted,
    onMutedChange: (muted: boolean) => saveCreatorStories(username, { muted }),
    onFinished: (story: Story) => finishStory(username, story.createdAt),
    onPosition: ({ index, progress }: { index: number; progress: number }) =>
      saveCreatorStories(username, { currentIndex: index, progress }),
  }
}
