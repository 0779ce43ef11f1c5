import { sql } from "drizzle-orm"
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core"
import { createdAt, instant } from "./columns.ts"

/**
 * Every e-mail the product sends, written before it is sent: an SMTP outage or a restart delays
 * a mail, never loses it. `sending` rows are claimed by one process until `lockedUntil`; a sent
 * row keeps no body (it held a recovery code or an invite's temporary password), a `dead` one
 * keeps it for an operator to send again.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    html: text("html"),
    /** Extra headers, such as List-Unsubscribe on a digest. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** pending | sending | sent | dead */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull(),
    lockedUntil: instant("locked_until"),
    lastError: text("last_error"),
    /** When the last try failed: for a dead mail, when it was given up. */
    failedAt: instant("failed_at"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_status_created").on(t.status, t.createdAt),
  ],
)
