import {
  alreadyPublishedMessage,
  scheduledForField,
  scheduledPostNotFoundMessage,
  scheduleProblem,
  type ScheduledKind,
  type ScheduledPost,
} from "../../../../src/domain/scheduled-posts.ts"
import { imageSetOf, imageUrlOf } from "../../adapters/images/image-ref.ts"
import type { ModuleDeps } from "../../deps.ts"
import { BadRequestError, ConflictError } from "../../errors.ts"
import type { Job } from "../../jobs/job-runner.ts"
import { privateLinksFor } from "../../shared/content-view.ts"
import { createScheduledPostsRepository } from "./scheduled-posts.repository.ts"
import { requireOwned, requireOwnProfile } from "./studio-access.ts"

const notFound = { message: scheduledPostNotFoundMessage, code: "scheduled_post_not_found" }
/** The grid's tile width, as the photo grid's `thumb`. */
const previewWidth = 480

/**
 * The time sent beside an upload (multipart field `scheduledFor`): blank publishes now; else an
 * instant later than now and within the limit, or a pt-BR refusal that stores nothing.
 */
export function parseScheduledFor(value: string | undefined, now: Date): Date | null {
  if (value === undefined || value.trim() === "") return null
  const parsed = scheduledForField.safeParse(value.trim())
  const at = parsed.success ? new Date(parsed.data) : new Date(Number.NaN)
  const problem = scheduleProblem(at, now)
  if (problem) throw new BadRequestError(problem, "validation_error", "scheduledFor")
  return at
}

/** The job that publishes due posts: every 20 s, so a post is out within a minute of its time. */
export const publishScheduledEveryMs = 20_000

export function createScheduledPostsService(
  deps: Pick<ModuleDeps, "db" | "clock" | "storage" | "config">,
) {
  const repo = createScheduledPostsRepository(deps.db)

  const owned = async (accountId: string, kind: ScheduledKind, id: string) => {
    const profile = await requireOwnProfile(deps.db, accountId)
    const row = await requireOwned(id, profile.id, (postId) => repo.find(kind, postId), notFound)
    if (!row.scheduledFor) throw new ConflictError(alreadyPublishedMessage, "already_published")
    return row
  }

  return {
    /** Her scheduled photos and stories together, soonest first, signed for her alone. */
    async list(accountId: string): Promise<ScheduledPost[]> {
      const profile = await requireOwnProfile(deps.db, accountId)
      const rows = await repo.scheduledOf(profile.id)
      const { link } = privateLinksFor(deps, accountId)
      return rows.map((row) => {
        const previewImage = imageSetOf(row.still, link)
        return {
          _id: row.id,
          kind: row.kind,
          scheduledFor: new Date(row.scheduledFor!).toISOString(),
          media: row.media,
          preview: row.still ? imageUrlOf(link, row.still, previewWidth) : null,
          ...(previewImage ? { previewImage } : {}),
          description: row.description,
        }
      })
    },

    async reschedule(accountId: string, kind: ScheduledKind, id: string, scheduledFor: string) {
      const now = deps.clock.now()
      const at = parseScheduledFor(scheduledFor, now)!
      const row = await owned(accountId, kind, id)
      if (!(await repo.reschedule(kind, row.id, at)))
        throw new ConflictError(alreadyPublishedMessage, "already_published")
      return { _id: row.id, scheduledFor: at.toISOString() }
    },

    /** "Publicar agora": published at this moment, as the job would at its time. */
    async publishNow(accountId: string, kind: ScheduledKind, id: string) {
      const row = await owned(accountId, kind, id)
      if (!(await repo.publish(kind, row.id, deps.clock.now())))
        throw new ConflictError(alreadyPublishedMessage, "already_published")
      return { _id: row.id, scheduledFor: null }
    },

    /** Publishes every post whose time has come; the ids this run published. */
    publishDue: () => repo.publishDue(deps.clock.now()),
  }
}

/** The leased job (one replica per run) that publishes due posts. */
export const publishScheduledJob = (
  service: ReturnType<typeof createScheduledPostsService>,
): Job => ({
  name: "studio.publish-scheduled",
  intervalMs: publishScheduledEveryMs,
  run: () => service.publishDue(),
})
