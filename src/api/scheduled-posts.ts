import useSWR from "swr"
import { z } from "zod"
import {
  ScheduledChangeSchema,
  ScheduledPostSchema,
  type ScheduledPost,
} from "../domain/scheduled-posts.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { deleteMedia, deleteStory, refresh } from "./studio.ts"

/** The creator's scheduled photos and stories: the "Programados" list and what it does. */

const ScheduledListSchema = z.array(ScheduledPostSchema)
const path = (post: Pick<ScheduledPost, "_id" | "kind">) =>
  `/studio/scheduled/${post.kind}/${encodeURIComponent(post._id)}`

/**
 * Fetched again every minute: a post whose time came leaves the list by itself, and the
 * previews' links (signed for 5 minutes) never lapse on screen.
 */
export const useScheduledPosts = (viewer: string | null) =>
  useSWR(
    keys.studio("scheduled", viewer),
    () => apiRequest("/studio/scheduled", ScheduledListSchema),
    { refreshInterval: 60_000 },
  )

export async function reschedulePost(
  viewer: string | null,
  post: Pick<ScheduledPost, "_id" | "kind">,
  scheduledFor: string,
) {
  await apiRequest(path(post), ScheduledChangeSchema, { method: "PATCH", body: { scheduledFor } })
  await refresh(viewer, "scheduled")
}

export async function publishPostNow(
  viewer: string | null,
  post: Pick<ScheduledPost, "_id" | "kind">,
) {
  await apiRequest(`${path(post)}/publish`, ScheduledChangeSchema, { method: "POST" })
  await refresh(viewer, "scheduled", "stories", "medias", "numbers")
}

/** Cancelling deletes the post and its files. */
export const cancelScheduledPost = (viewer: string | null, post: ScheduledPost) =>
  post.kind === "photo" ? deleteMedia(viewer, post._id) : deleteStory(viewer, post._id)
