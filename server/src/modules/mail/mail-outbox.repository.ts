import { and, asc, count, eq, inArray, lt, min, sql } from "drizzle-orm"
import type { OutgoingMail } from "../../adapters/mail/mailer.ts"
import { rowsOf, type Database } from "../../db/client.ts"
import { mailOutbox } from "../../db/schema-mail.ts"

export type OutboxRow = typeof mailOutbox.$inferSelect

/** A mail written as claimed by the process about to send it, under the id it chose. */
export interface ClaimedMail {
  id: string
  mail: OutgoingMail
  now: Date
  lockedUntil: Date
}

export function createMailOutboxRepository(db: Database) {
  return {
    /**
     * Writes mails already claimed by this process, which sends them at once, in one statement.
     * Each row's id is chosen by the caller, so nothing needs reading back.
     */
    async insertClaimed(rows: ClaimedMail[]) {
      await db.insert(mailOutbox).values(
        rows.map(({ id, mail, now, lockedUntil }) => ({
          ...mail,
          id,
          status: "sending",
          nextAttemptAt: now,
          lockedUntil,
        })),
      )
    },

    /**
     * Claims up to `limit` mails that are due: pending ones past their next attempt, and ones a
     * process claimed and never finished (it died mid-send). `skip locked` lets every replica
     * drain at once, each taking different rows.
     */
    claimDue(now: Date, lockedUntil: Date, limit: number) {
      return rowsOf<{ id: string }>(
        db,
        sql`update mail_outbox set status = 'sending', locked_until = ${lockedUntil.toISOString()}
             where id in (
               select id from mail_outbox
                where status in ('pending', 'sending') and next_attempt_at <= ${now.toISOString()}
                  and (locked_until is null or locked_until <= ${now.toISOString()})
                order by next_attempt_at
                limit ${limit}
                for update skip locked)
         returning id`,
      ).then((rows) =>
        rows.length === 0
          ? []
          : db
              .select()
              .from(mailOutbox)
              .where(
                inArray(
                  mailOutbox.id,
                  rows.map((row) => row.id),
                ),
              ),
      )
    },

    /**
     * Sent (one mail, or several sent together): the body goes, as it may hold a code or a
     * temporary password.
     */
    markSent(ids: string[], now: Date) {
      return db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: now, text: null, html: null, lockedUntil: null })
        .where(inArray(mailOutbox.id, ids))
    },

    markFailed(
      id: string,
      change: { attempts: number; nextAttemptAt: Date; error: string; dead: boolean; now: Date },
    ) {
      return db
        .update(mailOutbox)
        .set({
          status: change.dead ? "dead" : "pending",
          attempts: change.attempts,
          nextAttemptAt: change.nextAttemptAt,
          lastError: change.error,
          failedAt: change.now,
          lockedUntil: null,
        })
        .where(eq(mailOutbox.id, id))
    },

    /**
     * Takes a dead mail back, claimed by this process to be sent at once, with its tries counted
     * afresh; null when the mail is not dead (sent, waiting, already taken back) or unknown.
     */
    async reclaimDead(id: string, now: Date, lockedUntil: Date) {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: "sending", attempts: 0, nextAttemptAt: now, lockedUntil })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "dead")))
        .returning()
      return row ?? null
    },

    async statusOf(id: string) {
      const [row] = await db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id))
      return row?.status ?? null
    },

    /** What an operator sees of a dead mail: never its body. */
    listDead(limit: number) {
      return db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          failedAt: mailOutbox.failedAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, "dead"))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(limit)
    },

    /** Mails not sent yet by status, and when the oldest of each was written. */
    waiting() {
      return db
        .select({ status: mailOutbox.status, count: count(), oldest: min(mailOutbox.createdAt) })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ["pending", "sending", "dead"]))
        .groupBy(mailOutbox.status)
    },

    /** Sent mails are kept a while for support, then forgotten (they name their recipient). */
    forgetSentBefore(before: Date) {
      return db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, before)))
    },
  }
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>
