import useSWR from "swr"
import type { ScheduledPost } from "../domain/scheduled-posts.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { deleteMedia, deleteStory, refresh } from "./studio.ts"
import { listOf, record } from "./wire.ts"

/**
 * The creator's scheduled photos and stories: the "Programados" list and what it does. Light
 * checks (see wire.ts): the Conteúdo page opens without zod.
 */

const scheduledListAnswer = listOf<ScheduledPost>("_id", "kind", "scheduledFor")
const scheduledChangeAnswer = record<{ _id: string; scheduledFor: string | null }>(
  "_id",
  "scheduledFor",
)
const path = (post: Pick<ScheduledPost, "_id" | "kind">) =>
  `/studio/scheduled/${post.kind}/${encodeURIComponent(post._id)}`

/**
 * Fetched again every minute: a post whose time came leaves the list by itself, and the
 * previews' links (signed for 5 minutes) never lapse on screen. `wanted` false asks nothing yet
 * (the tab not shown): the answer stays `undefined`.
 */
export const useScheduledPosts = (viewer: string | null, wanted = true) =>
  useSWR(
    wanted ? keys.studio("scheduled", viewer) : null,
    () => apiRequest("/studio/scheduled", scheduledListAnswer),
    { refreshInterval: 60_000 },
  )

export async function reschedulePost(
  viewer: string | null,
  post: Pick<ScheduledPost, "_id" | "kind">,
  scheduledFor: string,
) {
  await apiRequest(path(post), scheduledChangeAnswer, { method: "PATCH", body: { scheduledFor } })
  await refresh(viewer, "scheduled")
}

export async function publishPostNow(
  viewer: string | null,
  post: Pick<ScheduledPost, "_id" | "kind">,
) {
  await apiRequest(`${path(post)}/publish`, scheduledChangeAnswer, { method: "POST" })
  await refresh(viewer, "scheduled", "stories", "medias", "numbers")
}

/** Cancelling deletes the post and its files. */
export const cancelScheduledPost = (viewer: string | null, post: ScheduledPost) =>
  post.kind === "photo" ? deleteMedia(viewer, post._id) : deleteStory(viewer, post._id)
