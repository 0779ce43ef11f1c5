import useSWR from "swr"
import type { Story } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refreshBeforeLinksLapse } from "./link-refresh.ts"
import { lockedAsEmpty } from "./locked.ts"
import { shared } from "./shared.ts"
import { listOf, record } from "./wire.ts"

const storiesAnswer = listOf<Story>("_id", "src", "kind", "createdAt")
const seenAnswer = record<{ seen: true }>("seen")

export const fetchStories = (username: string, viewer: string | null) =>
  shared(keys.stories(username, viewer), () =>
    lockedAsEmpty(apiRequest(`/u/${encodeURIComponent(username)}/stories`, storiesAnswer)),
  )

/**
 * Stories load only for a signed-in viewer; without access the list is empty. Fetched again
 * before their links lapse.
 */
export function useStories(username: string, viewer: string | null) {
  return useSWR(
    viewer ? keys.stories(username, viewer) : null,
    () => fetchStories(username, viewer),
    {
      refreshInterval: refreshBeforeLinksLapse,
    },
  )
}

export const sendStorySeen = (storyId: string) =>
  apiRequest(`/stories/seen/${encodeURIComponent(storyId)}`, seenAnswer, { method: "POST" })
