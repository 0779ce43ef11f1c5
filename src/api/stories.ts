import useSWR from "swr"
import { MAX_PAGE_SIZE } from "../domain/cursor.ts"
import type { Story } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refreshBeforeLinksLapse } from "./link-refresh.ts"
import { lockedAsEmpty } from "./locked.ts"
import { prime, shared } from "./shared.ts"
import { pageOf, record } from "./wire.ts"

const storiesPage = pageOf<Story>("_id", "src", "kind", "createdAt")
const seenAnswer = record<{ seen: true }>("seen")

/**
 * Every story, oldest first, read a page at a time: the player starts at the first one newer
 * than the last visit and the avatar's ring looks at the newest, so it needs them all, but no
 * answer carries more than a page of signed links.
 */
async function allStories(username: string): Promise<Story[]> {
  const stories: Story[] = []
  let cursor: string | null = null
  do {
    const query: string = `?limit=${MAX_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`
    const page = await apiRequest(`/u/${encodeURIComponent(username)}/stories${query}`, storiesPage)
    stories.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return stories
}

export const fetchStories = (username: string, viewer: string | null) =>
  shared(keys.stories(username, viewer), () => lockedAsEmpty(allStories(username)))

/** The stories, read before a page that opens on them renders (its loader), kept for its hook. */
export const primeStories = (username: string, viewer: string) =>
  prime(keys.stories(username, viewer), () => fetchStories(username, viewer))

/**
 * Stories load only for a signed-in viewer; without access the list is empty. Fetched again
 * before their links lapse. `primed`: the page's loader has just read them, so they are not
 * read again as it opens.
 */
export function useStories(username: string, viewer: string | null, { primed = false } = {}) {
  return useSWR(
    viewer ? keys.stories(username, viewer) : null,
    () => fetchStories(username, viewer),
    {
      refreshInterval: refreshBeforeLinksLapse,
      revalidateIfStale: !primed,
    },
  )
}

export const sendStorySeen = (storyId: string) =>
  apiRequest(`/stories/seen/${encodeURIComponent(storyId)}`, seenAnswer, { method: "POST" })
