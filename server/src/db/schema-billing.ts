import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from "drizzle-orm/pg-core"
import {
  paymentGatewayEnum,
  paymentMethodEnum,
  paymentStatusEnum,
  planNameEnum,
  subscriptionStatusEnum,
} from "./enums.ts"
import { accounts, plans, profiles } from "./schema.ts"

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" })

/** One row per follower and creator; its status and period move as payments arrive. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").references(() => plans.id),
    planName: planNameEnum("plan_name"),
    valueCents: integer("value_cents"),
    paymentMethod: paymentMethodEnum("payment_method"),
    status: subscriptionStatusEnum("status").notNull().default("pending"),
    currentPeriodStart: instant("current_period_start"),
    currentPeriodEnd: instant("current_period_end"),
    canceledDate: instant("canceled_date"),
    refundedDate: instant("refunded_date"),
    failedDate: instant("failed_date"),
    /** Secret for the gateway's manage page link, when it has one. */
    manageToken: text("manage_token"),
    manageUrl: text("manage_url"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_account_profile").on(t.accountId, t.profileId),
    index("subscriptions_profile").on(t.profileId),
  ],
)

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    status: paymentStatusEnum("status").notNull().default("pending"),
    method: paymentMethodEnum("method").notNull(),
    gateway: paymentGatewayEnum("gateway").notNull(),
    amountCents: integer("amount_cents").notNull(),
    pixCode: text("pix_code"),
    pixUrl: text("pix_url"),
    boletoUrl: text("boleto_url"),
    receiptUrl: text("receipt_url"),
    receiptManualApproved: boolean("receipt_manual_approved"),
    expiresAt: instant("expires_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("payments_subscription_created").on(t.subscriptionId, t.createdAt)],
)
