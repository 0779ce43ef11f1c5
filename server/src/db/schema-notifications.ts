import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core"
import { createdAt, instant, updatedAt } from "./columns.ts"
import { accounts, profiles } from "./schema.ts"

/**
 * A follower's "Avisar quando tiver novidade" for one creator: without this row nothing is sent
 * to her about that creator (LGPD). Push goes to her browsers' subscriptions; `email` is the
 * daily digest, turned off alone by the mail's one-click unsubscribe.
 */
export const notificationOptIns = pgTable(
  "notification_opt_ins",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    email: boolean("email").notNull().default(true),
    /** The São Paulo day of the last digest about this creator: at most one a day. */
    lastDigestDay: date("last_digest_day", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.accountId] }),
    index("notification_opt_ins_account").on(t.accountId),
  ],
)

/** A browser's Web Push subscription (one per endpoint), as its PushManager gave it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_account").on(t.accountId)],
)

/**
 * One creator's new content to announce to her opted-in subscribers. The fan-out walks them in
 * account id order by batches, `cursor` being the last account reached: a run that stops (a
 * deploy, a killed replica) resumes after it, and no batch is taken twice.
 */
export const notificationAnnouncements = pgTable(
  "notification_announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Photos and stories it covers. */
    items: integer("items").notNull(),
    cursor: uuid("cursor"),
    /** Followers reached so far (push or e-mail), for the operators. */
    reached: integer("reached").notNull().default(0),
    finishedAt: instant("finished_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notification_announcements_open").on(t.finishedAt, t.createdAt)],
)
