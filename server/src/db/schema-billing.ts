import { sql } from "drizzle-orm"
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core"
import {
  paymentGatewayEnum,
  paymentMethodEnum,
  paymentStatusEnum,
  planNameEnum,
  subscriptionStatusEnum,
} from "./enums.ts"
import { createdAt, instant, updatedAt } from "./columns.ts"
import { accounts, plans, profiles } from "./schema.ts"

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
    /** Gateway of the recurring charge (card renewals), with its id there (iugu subscription, MP preapproval). */
    gateway: paymentGatewayEnum("gateway"),
    gatewaySubscriptionId: text("gateway_subscription_id"),
    /**
     * Pix Automático: the recurrence's status at the gateway (CRIADA, APROVADA, REJEITADA,
     * EXPIRADA, CANCELADA); null for any other way of paying.
     */
    recurrenceStatus: text("recurrence_status"),
    /** The period end the renewal e-mail was sent for, so each period gets one. */
    reminderSentFor: instant("reminder_sent_for"),
    /** When a free trial began: a follower has one trial per creator, ever. */
    trialStartedAt: instant("trial_started_at"),
    /** The trial coupon it began with: counts as a use, and its paid charges as its revenue. */
    trialCouponId: uuid("trial_coupon_id").references((): AnyPgColumn => coupons.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_account_profile").on(t.accountId, t.profileId),
    // The studio's subscriber pages read along (created_at, id): see db/keyset.ts.
    index("subscriptions_profile_created_id").on(t.profileId, t.createdAt, t.id),
    index("subscriptions_period_end").on(t.currentPeriodEnd),
    uniqueIndex("subscriptions_gateway_subscription")
      .on(t.gateway, t.gatewaySubscriptionId)
      .where(sql`${t.gatewaySubscriptionId} is not null`),
  ],
)

/**
 * A creator's coupon: a discount on a subscription's first period, or a free trial. Its uses are
 * the first payments that carry it and the trials begun with it (see docs/coupons.md); the row
 * is locked while one is counted.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Upper-cased: codes ignore case. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed", "trial"] }).notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** A free trial's length: its first charge comes this many days after the purchase. */
    trialDays: integer("trial_days"),
    planIds: uuid("plan_ids").array().notNull(),
    maxUses: integer("max_uses"),
    expiresAt: instant("expires_at"),
    status: text("status", { enum: ["active", "paused", "ended"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("coupons_profile_code").on(t.profileId, t.code)],
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
    /** The plan this payment buys: a paid payment extends the period by its months. */
    planId: uuid("plan_id").references(() => plans.id),
    planName: planNameEnum("plan_name"),
    planValueCents: integer("plan_value_cents"),
    /** The coupon this first payment used: it counts as a use while pending or paid. */
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    pixCode: text("pix_code"),
    pixUrl: text("pix_url"),
    boletoUrl: text("boleto_url"),
    /** A receipt hosted by the gateway; uploaded receipts live in storage under `receiptKey`. */
    receiptUrl: text("receipt_url"),
    receiptManualApproved: boolean("receipt_manual_approved"),
    receiptKey: text("receipt_key"),
    receiptSha256: text("receipt_sha256"),
    /** Pix end-to-end id the buyer typed with the receipt: one receipt pays one payment. */
    receiptEndToEndId: text("receipt_end_to_end_id"),
    receiptUploadedAt: instant("receipt_uploaded_at"),
    /** Card or link checkout page at the gateway the buyer is sent to. */
    checkoutUrl: text("checkout_url"),
    /** What we created at the gateway (invoice, payment, preapproval, preference). */
    providerRef: text("provider_ref"),
    /** The gateway's payment that settles this one (iugu invoice, Mercado Pago payment). */
    providerPaymentId: text("provider_payment_id"),
    /** Sent to the gateway so a retried creation never charges twice. */
    idempotencyKey: text("idempotency_key"),
    /** Pix transaction id written in the BR Code (static Pix to the creator's key). */
    txid: text("txid"),
    failureReason: text("failure_reason"),
    paidAt: instant("paid_at"),
    expiresAt: instant("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_subscription_created").on(t.subscriptionId, t.createdAt),
    index("payments_status_created").on(t.status, t.createdAt),
    index("payments_coupon")
      .on(t.couponId)
      .where(sql`${t.couponId} is not null`),
    uniqueIndex("payments_provider_payment")
      .on(t.gateway, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    uniqueIndex("payments_receipt_sha256")
      .on(t.receiptSha256)
      .where(sql`${t.receiptSha256} is not null`),
    uniqueIndex("payments_receipt_end_to_end")
      .on(t.receiptEndToEndId)
      .where(sql`${t.receiptEndToEndId} is not null`),
    uniqueIndex("payments_txid")
      .on(t.txid)
      .where(sql`${t.txid} is not null`),
  ],
)

/** Who changed what and when: one row per status or period change, written in the same transaction. */
export const billingAudit = pgTable(
  "billing_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    entity: text("entity", { enum: ["subscription", "payment"] }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** "account:<id>", "webhook:iugu", "job:expire-payments", "sandbox", ... */
    actor: text("actor").notNull(),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("billing_audit_subscription").on(t.subscriptionId, t.createdAt),
    index("billing_audit_payment").on(t.paymentId),
  ],
)

/** Each authenticated webhook delivery; failed processing is retried by the reconciliation job. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: paymentGatewayEnum("provider").notNull(),
    topic: text("topic").notNull(),
    resourceId: text("resource_id").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
    processedAt: instant("processed_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("webhook_deliveries_pending").on(t.processedAt, t.receivedAt)],
)

/** Stripe-style idempotency: the first answer to a key is stored and replayed. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
    completedAt: instant("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
)

/** The buyer's customer record at a gateway (iugu keeps saved cards under it). */
export const gatewayCustomers = pgTable(
  "gateway_customers",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    gateway: paymentGatewayEnum("gateway").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.gateway] })],
)

/**
 * One row per background job. `dueAt` marks the period: the job is not run again before it.
 * `leasedUntil` is the running lock: the process in `holder` runs it until then, and a process
 * killed mid-run loses it when it lapses.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  leasedUntil: instant("leased_until").notNull(),
  dueAt: instant("due_at").notNull().defaultNow(),
  lastRunAt: instant("last_run_at"),
  /** Leases taken so far across all replicas (finished runs are in `job_runs`). */
  runs: integer("runs").notNull().default(0),
})

/**
 * Every run of a job: who, for which period (the `dueAt` it served), when it started and
 * finished, and how: `running`, then `ok` or `failed` once finished, or `released` when a process
 * shut down before it finished. At most one run finishes per job and period, however many
 * replicas there are.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    holder: text("holder").notNull(),
    periodStart: instant("period_start").notNull(),
    startedAt: instant("started_at").notNull(),
    finishedAt: instant("finished_at"),
    outcome: text("outcome").notNull().default("running"),
  },
  (t) => [
    uniqueIndex("job_runs_one_finished_per_period")
      .on(t.name, t.periodStart)
      .where(sql`${t.outcome} in ('ok', 'failed')`),
    index("job_runs_name_started").on(t.name, t.startedAt),
  ],
)

/** Objects of the built-in gateway simulators (PAYMENTS_MODE=sandbox), kept across restarts. */
export const sandboxObjects = pgTable(
  "sandbox_objects",
  {
    provider: text("provider").notNull(),
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind, t.id] })],
)

/**
 * A creator's invitation to her lista VIP, by the e-mail she typed (lower-cased): it grants
 * nothing until the owner of that e-mail, signed in, accepts it. Only the token's hash is kept;
 * it is cleared once used, so a link works once.
 */
export const vipInvites = pgTable(
  "vip_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").unique(),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    acceptedBy: uuid("accepted_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("vip_invites_profile_email").on(t.profileId, t.email)],
)
