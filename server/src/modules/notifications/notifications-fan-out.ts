import type { FastifyBaseLogger } from "fastify"
import { saoPauloDate } from "../../../../src/domain/dates.ts"
import { pushPayloadFor } from "../../../../src/domain/notifications.ts"
import type { QueueingMailer } from "../../adapters/mail/mailer.ts"
import { newContentDigestMail } from "../../adapters/mail/templates.ts"
import type { PushSender, PushTarget } from "../../adapters/push/web-push-sender.ts"
import type { Clock } from "../../clock.ts"
import type { FanOutRepository } from "./notifications.repository.ts"
import type { UnsubscribeTokens } from "./unsubscribe-token.ts"
import { UNSUBSCRIBE_PATH } from "../../../../src/domain/notifications.ts"

export interface FanOutPace {
  /** Followers taken at once from one announcement. */
  batchSize: number
  /** Followers reached in one run, across announcements: the rest wait for the next run. */
  perRun: number
  /** Pushes in flight at once. */
  concurrency: number
}

/**
 * 500 followers a run every 15 s is 2,000 a minute: a creator with 50,000 subscribers is told
 * within half an hour, while every other creator's announcement gets its batch in each run.
 */
export const defaultPace: FanOutPace = { batchSize: 100, perRun: 500, concurrency: 20 }

const isoDay = (at: Date) => {
  const { year, month, day } = saoPauloDate(at)
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/**
 * The fan-out job: announces what was published since the last run, then reaches the followers
 * of open announcements by batches, taking turns between creators. Each batch is claimed by
 * moving its announcement's cursor before anything is sent, so no follower hears twice of it.
 */
export function createFanOut(deps: {
  repo: FanOutRepository
  clock: Clock
  log: FastifyBaseLogger
  mailer: QueueingMailer
  push: PushSender | null
  tokens: UnsubscribeTokens
  publicUrl: string
  pace?: Partial<FanOutPace>
}) {
  const { repo, clock, log } = deps
  const pace = { ...defaultPace, ...deps.pace }
  const link = (path: string) => new URL(path, deps.publicUrl).toString()

  async function pushAll(targets: PushTarget[], payload: string) {
    const outcome = { sent: 0, gone: 0, failed: 0 }
    for (let i = 0; i < targets.length; i += pace.concurrency) {
      const chunk = targets.slice(i, i + pace.concurrency)
      const results = await Promise.all(chunk.map((target) => deps.push!.send(target, payload)))
      for (const [j, result] of results.entries()) {
        outcome[result] += 1
        if (result === "gone") await repo.dropPushEndpoint(chunk[j]!.endpoint)
      }
    }
    return outcome
  }

  async function digests(
    announcement: { profileId: string; username: string },
    recipients: { accountId: string; email: boolean; address: string }[],
  ) {
    const now = clock.now()
    const wanting = recipients.filter((r) => r.email).map((r) => r.accountId)
    const taken = new Set(
      (await repo.claimDigests(announcement.profileId, wanting, isoDay(now), now)).map(
        (row) => row.accountId,
      ),
    )
    for (const recipient of recipients.filter((r) => taken.has(r.accountId))) {
      const token = deps.tokens.make(recipient.accountId, announcement.profileId)
      const page = new URL(UNSUBSCRIBE_PATH, deps.publicUrl)
      page.searchParams.set("token", token)
      const oneClick = new URL("/v1/notifications/unsubscribe", deps.publicUrl)
      oneClick.searchParams.set("token", token)
      await deps.mailer.queue(
        newContentDigestMail(recipient.address, announcement.username, {
          profile: link(`/${announcement.username}`),
          unsubscribePage: page.toString(),
          unsubscribeOneClick: oneClick.toString(),
        }),
      )
    }
    return taken.size
  }

  /** One batch of one announcement; false when another process had taken it. */
  async function step(announcement: {
    id: string
    profileId: string
    cursor: string | null
    username: string
  }) {
    const now = clock.now()
    const recipients = await repo.recipientsAfter(
      announcement.profileId,
      announcement.cursor,
      pace.batchSize,
      now,
    )
    const last = recipients.at(-1)?.accountId ?? null
    const finished = recipients.length < pace.batchSize
    if (!(await repo.claimBatch(announcement, { last, count: recipients.length, finished }, now)))
      return null
    const mails = await digests(announcement, recipients)
    const pushed = deps.push
      ? await pushAll(
          await repo.pushTargetsOf(recipients.map((r) => r.accountId)),
          JSON.stringify(pushPayloadFor(announcement.username)),
        )
      : { sent: 0, gone: 0, failed: 0 }
    return { reached: recipients.length, last, finished, mails, ...pushed }
  }

  return {
    async run() {
      const announced = (await repo.announceNew(clock.now())).length
      const totals = { announced, reached: 0, mails: 0, sent: 0, gone: 0, failed: 0 }
      let open = await repo.open(50)
      for (const banned of open.filter((a) => a.banned)) await repo.finish(banned.id, clock.now())
      open = open.filter((a) => !a.banned)
      // Turns: one batch per announcement per round, so a large audience never holds the others.
      while (open.length && totals.reached < pace.perRun) {
        const next: typeof open = []
        for (const announcement of open) {
          if (totals.reached >= pace.perRun) break
          const done = await step(announcement)
          if (!done) continue
          for (const key of ["reached", "mails", "sent", "gone", "failed"] as const)
            totals[key] += done[key]
          if (!done.finished) next.push({ ...announcement, cursor: done.last })
        }
        open = next
      }
      if (totals.failed) log.warn({ failed: totals.failed }, "avisos por push não entregues")
      return totals
    },
  }
}
export type FanOut = ReturnType<typeof createFanOut>
