import useSWR from "swr"
import type { Highlight } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refreshBeforeLinksLapse } from "./link-refresh.ts"
import { shared } from "./shared.ts"
import { listOf } from "./wire.ts"

const highlightsAnswer = listOf<Highlight>("_id", "title", "storiesCount")

export const fetchHighlights = (username: string, viewer: string | null) =>
  shared(keys.highlights(username, viewer), () =>
    apiRequest(`/u/${encodeURIComponent(username)}/highlights`, highlightsAnswer),
  )

/** Covers for everyone; their stories only for viewers with access, fetched again before their links lapse. */
export function useHighlights(username: string, viewer: string | null) {
  return useSWR(keys.highlights(username, viewer), () => fetchHighlights(username, viewer), {
    refreshInterval: (highlights) =>
      refreshBeforeLinksLapse(highlights?.flatMap((highlight) => highlight.stories ?? [])),
  })
}
