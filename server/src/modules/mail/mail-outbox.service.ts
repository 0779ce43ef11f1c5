import { randomUUID } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { Mailer, OutgoingMail, QueueingMailer } from "../../adapters/mail/mailer.ts"
import type { Clock } from "../../clock.ts"
import { scrubText } from "../../logging/scrub.ts"
import { writeTogether } from "../../shared/write-together.ts"
import type { ClaimedMail, MailOutboxRepository, OutboxRow } from "./mail-outbox.repository.ts"

const second = 1000
/** How long a process owns a mail it is sending; past it, another may take it over. */
const claimMs = 2 * 60 * second
/** Tries before a mail is given up as dead: with the backoff below, about 2 hours of trying. */
export const maxMailAttempts = 8
/** The first retry's wait, unless the deployment sets its own (MAIL_RETRY_SECONDS). */
export const defaultMailRetryMs = 30 * second
/** Waits after the 1st, 2nd... failed try: `firstMs` doubling, at most an hour. */
export const retryDelayMs = (attempts: number, firstMs = defaultMailRetryMs) =>
  Math.min(firstMs * 2 ** (attempts - 1), 60 * 60 * second)
const keepSentMs = 30 * 24 * 60 * 60 * second

/**
 * The product's mailer: each mail is written to the outbox first, then sent through the
 * transport (SMTP, or the disk outbox in development). A mail the transport refuses stays in the
 * outbox and `drain` tries it again, with backoff, on whichever replica runs the job first.
 */
export function createMailOutbox(deps: {
  repo: MailOutboxRepository
  transport: Mailer
  clock: Clock
  log: FastifyBaseLogger
  /** The first retry's wait; unset: 30 s. */
  retryMs?: number
}) {
  const { repo, clock, log } = deps
  const firstRetryMs = deps.retryMs ?? defaultMailRetryMs
  const now = () => clock.now()
  const until = (from: Date) => new Date(from.getTime() + claimMs)
  // Mails sent together (a launch's approvals) are marked sent by one update.
  const markSent = writeTogether((ids: string[]) => repo.markSent(ids, now()))

  /** One try: sent, or failed with the next try scheduled (or given up). */
  async function attempt(row: Pick<OutboxRow, "id" | "attempts">, mail: OutgoingMail) {
    try {
      await deps.transport.send(mail)
      await markSent(row.id)
      return "sent" as const
    } catch (err) {
      const attempts = row.attempts + 1
      const dead = attempts >= maxMailAttempts
      // The transport's error may quote the address: the row and the log get it scrubbed.
      const error = scrubText(err instanceof Error ? err.message : String(err)).slice(0, 500)
      await repo.markFailed(row.id, {
        attempts,
        dead,
        error,
        now: now(),
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts, firstRetryMs)),
      })
      log.warn({ mailId: row.id, attempts, dead, error }, "e-mail não enviado")
      return dead ? ("dead" as const) : ("retry" as const)
    }
  }

  // Mails written together (a launch's approvals) are inserted by one statement.
  const insertClaimed = writeTogether((rows: ClaimedMail[]) => repo.insertClaimed(rows))
  const store = async (mail: OutgoingMail) => {
    const at = now()
    const row = { id: randomUUID(), attempts: 0 }
    await insertClaimed({ id: row.id, mail, now: at, lockedUntil: until(at) })
    return row
  }
  const bodyOf = (row: OutboxRow): OutgoingMail => ({
    to: row.to,
    subject: row.subject,
    text: row.text ?? "",
    html: row.html ?? "",
    ...(row.headers ? { headers: row.headers } : {}),
  })
  /**
   * Tries a claimed mail without waiting for it. A refused mail is recorded on the row; only the
   * database failing can reject here, and the row, still claimed, is then retried by the drain
   * once its claim lapses.
   */
  const inBackground = (row: Pick<OutboxRow, "id" | "attempts">, mail: OutgoingMail) => {
    attempt(row, mail).catch((err) => log.error({ err, mailId: row.id }, "e-mail não registrado"))
  }
  const mailer: QueueingMailer = {
    async send(mail) {
      await attempt(await store(mail), mail)
    },
    async queue(mail) {
      inBackground(await store(mail), mail)
    },
  }

  return {
    mailer,
    /** Sends what is due; returns how each try went. */
    async drain(limit = 50) {
      const at = now()
      const outcome = { sent: 0, retry: 0, dead: 0 }
      for (const row of await repo.claimDue(at, until(at), limit))
        outcome[await attempt(row, bodyOf(row))] += 1
      await repo.forgetSentBefore(new Date(at.getTime() - keepSentMs))
      return outcome
    },
    listDead: () => repo.listDead(100),
    /**
     * An operator's "send it again": the dead mail is taken back and tried at once, in the
     * background, with its tries counted afresh; refused again, it waits for the drain's retries.
     */
    async resend(id: string): Promise<"resent" | "not-dead" | "missing"> {
      const at = now()
      const row = await repo.reclaimDead(id, at, until(at))
      if (row) {
        inBackground(row, bodyOf(row))
        return "resent"
      }
      return (await repo.statusOf(id)) ? "not-dead" : "missing"
    },
    waiting: () => repo.waiting(),
  }
}
export type MailOutbox = ReturnType<typeof createMailOutbox>
