import { z } from "zod"
import { ImageSetSchema } from "./models.ts"
import { scheduleInvalidMessage, scheduleFieldsProblem } from "./schedule-times.ts"

/**
 * Scheduled posts: a photo or a story uploaded now and published at a time chosen in São Paulo
 * time. Until then nobody but its creator sees it; the server publishes it within a minute of
 * its time (or at once when she taps "Publicar agora").
 */

// The limits, messages and wall clock: in schedule-times.ts, which the studio's forms load without zod.
export {
  SCHEDULE_MAX_DAYS,
  scheduleInvalidMessage,
  scheduleInPastMessage,
  scheduleTooFarMessage,
  scheduledPostNotFoundMessage,
  alreadyPublishedMessage,
  scheduledStoryInHighlightMessage,
  scheduleProblem,
  scheduleFieldsProblem,
  saoPauloWallClock,
  fromSaoPauloWallClock,
  formatScheduledFor,
  scheduledForOf,
} from "./schedule-times.ts"

/** An instant as the wire carries it ("2026-12-01T15:30:00.000Z"). */
export const scheduledForField = z.iso.datetime({ offset: true, error: scheduleInvalidMessage })

/** PATCH /v1/studio/scheduled/{kind}/{id}: the new time. */
export const rescheduleBody = z.object({ scheduledFor: scheduledForField })

export const scheduledKinds = ["photo", "story"] as const
export const ScheduledKindSchema = z.enum(scheduledKinds)
export type ScheduledKind = z.infer<typeof ScheduledKindSchema>

/** A post waiting for its time, as the creator's "Programados" list shows it. */
export const ScheduledPostSchema = z.object({
  _id: z.string(),
  kind: ScheduledKindSchema,
  scheduledFor: z.string(),
  /** A story's own kind: a video shows its poster, or a placeholder while it has none. */
  media: z.enum(["image", "video"]),
  /** Signed for the creator alone, short-lived. */
  preview: z.string().nullable(),
  previewImage: ImageSetSchema.optional(),
  description: z.string().nullable(),
})
export type ScheduledPost = z.infer<typeof ScheduledPostSchema>

/** The answer to "Publicar agora" and to a new time. */
export const ScheduledChangeSchema = z.object({
  _id: z.string(),
  scheduledFor: z.string().nullable(),
})

/**
 * The schedule fields of the upload forms: both empty publishes now; otherwise a São Paulo date
 * and time in the future, within the limit. `now` is read when the form is checked.
 */
export const scheduleFormFields = z
  .object({ scheduleDate: z.string(), scheduleTime: z.string() })
  .superRefine((value, ctx) => {
    const problem = scheduleFieldsProblem(value, new Date())
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["scheduleDate"] })
  })
