import useSWR from "swr"
import { z } from "zod"
import { HighlightSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { shared } from "./shared.ts"

export const fetchHighlights = (username: string, viewer: string | null) =>
  shared(keys.highlights(username, viewer), () =>
    apiRequest(`/u/${encodeURIComponent(username)}/highlights`, z.array(HighlightSchema)),
  )

/** Covers for everyone; their stories only for viewers with access. */
export function useHighlights(username: string, viewer: string | null) {
  return useSWR(keys.highlights(username, viewer), () => fetchHighlights(username, viewer))
}
