import useSWR, { mutate } from "swr"
import type { Profile, StudioReceipt } from "../domain/models.ts"
import type {
  Receiving,
  ReceivingInput,
  StudioHighlight,
  StudioMedia,
  StudioNumbers,
  StudioPlan,
  StudioPlansInput,
  StudioStories,
  StudioStory,
  StudioSubscriber,
} from "../domain/studio.ts"
import type { UploadControl } from "../domain/uploads.ts"
import { ApiError, apiRequest, type Parser } from "./client.ts"
import { keys } from "./keys.ts"
import { linkRefreshInterval, refreshBeforeLinksLapse } from "./link-refresh.ts"
import { listOf, record } from "./wire.ts"

/**
 * The creator studio's calls (/v1/studio, plus the profile edit and image upload it reuses) and
 * their SWR hooks. Every key carries the viewer: the answers belong to the signed-in creator.
 * Their answers get the light checks of wire.ts (the server validates each against the zod
 * schemas of src/domain): a studio page opens without zod.
 */

/** Errors whose code names the form field they belong to (the client keeps message and code). */
const fieldOfCode: Record<string, string> = {
  username_taken: "username",
  pix_key_required: "pix",
  own_account: "email",
}

export async function withField<T>(request: Promise<T>): Promise<T> {
  try {
    return await request
  } catch (error) {
    if (error instanceof ApiError && error.code && fieldOfCode[error.code]) {
      throw Object.assign(error, { field: fieldOfCode[error.code] })
    }
    throw error
  }
}

const deleted = record<{ deleted: true }>("deleted")
const profileAnswer = record<Profile>("_id", "username", "fullName")
const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData()
  // Text fields first, then the file, as browsers send forms.
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append("file", file)
  return form
}

const key = keys.studio

/**
 * The upload client (XMLHttpRequest, progress, token renewal) arrives with a page's first
 * upload: every studio page reads through this file, and opens a file lighter without it.
 */
async function apiUpload<T>(
  path: string,
  schema: Parser<T>,
  form: FormData,
  control?: UploadControl,
): Promise<T> {
  const upload = await import("./upload.ts")
  return upload.apiUpload(path, schema, form, control)
}

/** Refreshes every studio answer of this viewer whose part is one of `parts`. */
export const refresh = (viewer: string | null, ...parts: string[]) =>
  mutate(
    (k) =>
      Array.isArray(k) && k[0] === "studio" && k[2] === viewer && parts.includes(k[1] as string),
  )

export const fetchStudioProfile = () => apiRequest("/studio/profile", profileAnswer)
export const useStudioProfile = (viewer: string | null) =>
  useSWR(key("profile", viewer), fetchStudioProfile)

export async function saveProfile(
  viewer: string | null,
  values: {
    fullName?: string
    username?: string
    bio?: string
    profilePic?: string | null
    bannerPic?: string | null
  },
) {
  const profile = await withField(
    apiRequest("/profile", profileAnswer, { method: "PATCH", body: values }),
  )
  await mutate(key("profile", viewer), profile, { revalidate: false })
  return profile
}

const uploadedImage = record<{ key: string; url: string }>("key", "url")

/** Uploads an image and makes it the avatar or the banner. */
export async function uploadProfileImage(
  viewer: string | null,
  kind: "avatar" | "banner",
  file: File,
  control?: UploadControl,
) {
  // The server cuts it to the use's shape: 1:1 for the avatar, 3:1 for the banner.
  const { key: fileKey } = await apiUpload(
    `/profile/images?for=${kind}`,
    uploadedImage,
    fileForm(file),
    control,
  )
  return saveProfile(viewer, kind === "avatar" ? { profilePic: fileKey } : { bannerPic: fileKey })
}

const plansAnswer = listOf<StudioPlan>("name", "active", "valueCents")
export const useStudioPlans = (viewer: string | null) =>
  useSWR(key("plans", viewer), () => apiRequest("/studio/plans", plansAnswer))

export async function savePlans(viewer: string | null, plans: StudioPlansInput["plans"]) {
  const saved = await apiRequest("/studio/plans", plansAnswer, { method: "PUT", body: { plans } })
  await mutate(key("plans", viewer), saved, { revalidate: false })
  await refresh(viewer, "profile")
  return saved
}

const receivingAnswer = record<Receiving>("paymentGateway", "pix", "migrating", "gateways")
export const useStudioReceiving = (viewer: string | null) =>
  useSWR(key("receiving", viewer), () => apiRequest("/studio/receiving", receivingAnswer))

export async function saveReceiving(viewer: string | null, change: ReceivingInput) {
  const saved = await withField(
    apiRequest("/studio/receiving", receivingAnswer, { method: "PATCH", body: change }),
  )
  await mutate(key("receiving", viewer), saved, { revalidate: false })
  return saved
}

/**
 * Stories refresh while one is "processando", so the badge goes away by itself, and before
 * their links lapse.
 */
const storiesAnswer = record<StudioStories>("videoProcessing", "stories")
const storyAnswer = record<StudioStory>("_id")
export const useStudioStories = (viewer: string | null) =>
  useSWR(key("stories", viewer), () => apiRequest("/studio/stories", storiesAnswer), {
    refreshInterval: (data) =>
      data?.stories.some((story) => !story.processed)
        ? 5_000
        : refreshBeforeLinksLapse(data?.stories),
  })

/** `scheduledFor` (an ISO instant) keeps it for that time; null publishes it now. */
export async function uploadStory(
  viewer: string | null,
  file: File,
  scheduledFor: string | null,
  control?: UploadControl,
) {
  const fields: Record<string, string> = scheduledFor ? { scheduledFor } : {}
  const story = await apiUpload("/studio/stories", storyAnswer, fileForm(file, fields), control)
  await refresh(viewer, "stories", "numbers", "scheduled")
  return story
}

export async function deleteStory(viewer: string | null, storyId: string) {
  await apiRequest(`/studio/stories/${encodeURIComponent(storyId)}`, deleted, { method: "DELETE" })
  await refresh(viewer, "stories", "highlights", "scheduled")
}

const mediaAnswer = record<StudioMedia>("_id")
const mediasAnswer = listOf<StudioMedia>("_id")
/** `wanted` false asks nothing yet (a tab not shown): the answer stays `undefined`. */
export const useStudioMedias = (viewer: string | null, wanted = true) =>
  useSWR(wanted ? key("medias", viewer) : null, () => apiRequest("/studio/medias", mediasAnswer), {
    refreshInterval: refreshBeforeLinksLapse,
  })

export async function uploadMedia(
  viewer: string | null,
  file: File,
  description: string,
  scheduledFor: string | null,
  control?: UploadControl,
) {
  const fields = {
    ...(description ? { description } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
  }
  await apiUpload("/studio/medias", mediaAnswer, fileForm(file, fields), control)
  await refresh(viewer, "medias", "scheduled")
}

export async function describeMedia(viewer: string | null, mediaId: string, description: string) {
  await apiRequest(`/studio/medias/${encodeURIComponent(mediaId)}`, mediaAnswer, {
    method: "PATCH",
    body: { description: description || null },
  })
  await refresh(viewer, "medias")
}

export async function deleteMedia(viewer: string | null, mediaId: string) {
  await apiRequest(`/studio/medias/${encodeURIComponent(mediaId)}`, deleted, { method: "DELETE" })
  await refresh(viewer, "medias", "scheduled")
}

const highlightAnswer = record<StudioHighlight>("_id", "title", "storyIds")
const highlightsAnswer = listOf<StudioHighlight>("_id", "title", "storyIds")
/** `wanted` as for useStudioMedias. */
export const useStudioHighlights = (viewer: string | null, wanted = true) =>
  useSWR(wanted ? key("highlights", viewer) : null, () =>
    apiRequest("/studio/highlights", highlightsAnswer),
  )

export type HighlightValues = { title: string; storyIds: string[]; cover: File | null }

/** A chosen cover goes up as an image first; the highlight keeps its own copy of it. */
async function coverKey(cover: File | null) {
  if (!cover) return undefined
  const { key: fileKey } = await apiRequest("/profile/images?for=cover", uploadedImage, {
    method: "POST",
    body: fileForm(cover),
  })
  return fileKey
}

export async function createHighlight(viewer: string | null, values: HighlightValues) {
  const cover = await coverKey(values.cover)
  await apiRequest("/studio/highlights", highlightAnswer, {
    method: "POST",
    body: { title: values.title, storyIds: values.storyIds, ...(cover ? { cover } : {}) },
  })
  await refresh(viewer, "highlights")
}

export async function updateHighlight(
  viewer: string | null,
  highlightId: string,
  values: HighlightValues,
) {
  const cover = await coverKey(values.cover)
  await apiRequest(`/studio/highlights/${encodeURIComponent(highlightId)}`, highlightAnswer, {
    method: "PATCH",
    body: { title: values.title, storyIds: values.storyIds, ...(cover ? { cover } : {}) },
  })
  await refresh(viewer, "highlights")
}

export async function deleteHighlight(viewer: string | null, highlightId: string) {
  await apiRequest(`/studio/highlights/${encodeURIComponent(highlightId)}`, deleted, {
    method: "DELETE",
  })
  await refresh(viewer, "highlights")
}

/** A query string of the given parameters, leaving out the empty ones. */
export const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ""
}

export async function removeVip(viewer: string | null, subscriptionId: string) {
  await apiRequest(
    `/studio/whitelist/${encodeURIComponent(subscriptionId)}`,
    record<StudioSubscriber>("subscriptionId"),
    { method: "DELETE" },
  )
  await refresh(viewer, "subscribers", "numbers")
}

const receiptAnswer = record<StudioReceipt>("payment")
const receiptsAnswer = listOf<StudioReceipt>("payment")
/**
 * Receipts waiting for the creator; checked again every 30 s while the page is open, sooner if
 * their links would lapse first.
 */
export const useStudioReceipts = (viewer: string | null) =>
  useSWR(
    key("receipts", viewer),
    () => apiRequest("/studio/receipts?status=analyzing", receiptsAnswer),
    {
      refreshInterval: (receipts) => {
        const expiries = (receipts ?? []).map((receipt) => receipt.payment.receiptUrlExpiresAt)
        return Math.min(30_000, linkRefreshInterval(expiries) || 30_000)
      },
    },
  )

export async function reviewReceipt(viewer: string | null, paymentId: string, approve: boolean) {
  await apiRequest(
    `/studio/receipts/${encodeURIComponent(paymentId)}/${approve ? "approve" : "reject"}`,
    receiptAnswer,
    { method: "POST" },
  )
  await refresh(viewer, "receipts", "subscribers", "numbers")
}

export const useStudioNumbers = (viewer: string | null, days: number) =>
  useSWR(
    key("numbers", viewer, days),
    () => apiRequest(`/studio/numbers${query({ days })}`, record<StudioNumbers>("days", "totals")),
    { keepPreviousData: true },
  )
