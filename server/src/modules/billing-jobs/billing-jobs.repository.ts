import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { billingAudit, gatewayCustomers, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { PaymentRow } from "../payments/billing.repository.ts"
import { recurrenceStoppedReason } from "../../shared/payment-providers.ts"

/** A payment with what a lookup by our reference needs: the buyer's e-mail and customer there. */
export interface PaymentWithBuyer {
  payment: PaymentRow
  email: string
  customerId: string | null
}

/** Payments a gateway that is polled (iugu, Mercado Pago) created within a window. */
export interface PollWindow {
  createdBefore: Date
  createdAfter: Date
}

/** Drizzle queries of the background jobs: the batches each run works through. */
export function createBillingJobsRepository(db: Executor) {
  const withBuyer = (where: SQL | undefined) =>
    db
      .select({ payment: payments, email: accounts.email, customerId: gatewayCustomers.customerId })
      .from(payments)
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .leftJoin(
        gatewayCustomers,
        and(
          eq(gatewayCustomers.accountId, subscriptions.accountId),
          eq(gatewayCustomers.gateway, payments.gateway),
        ),
      )
      .where(where)
  const polled = (window: PollWindow) =>
    and(
      inArray(payments.gateway, ["iugu", "mercadoPago"]),
      lte(payments.createdAt, window.createdBefore),
      gt(payments.createdAt, window.createdAfter),
    )
  // A subscription whose current recurrence was stopped at its gateway since it was cancelled.
  const recurrenceStopped = sql`exists (select 1 from ${billingAudit} a where a.subscription_id = ${subscriptions.id} and a.reason = ${recurrenceStoppedReason} and a.details->>'gatewaySubscriptionId' = ${subscriptions.gatewaySubscriptionId} and a.created_at >= coalesce(${subscriptions.canceledDate}, '-infinity'))`
  const reminderNotSent = sql`${subscriptions.reminderSentFor} is distinct from ${subscriptions.currentPeriodEnd}`

  return {
    /** Pending payments past their time: boletos past due, the others created before `createdBefore`. */
    expiringWithBuyer(
      by: { createdBefore: Date; dueBy: Date },
      limit: number,
    ): Promise<PaymentWithBuyer[]> {
      return withBuyer(
        and(
          eq(payments.status, "pending"),
          or(
            and(sql`${payments.method} <> 'boleto'`, lte(payments.createdAt, by.createdBefore)),
            and(eq(payments.method, "boleto"), lte(payments.expiresAt, by.dueBy)),
          ),
        ),
      ).limit(limit)
    },

    /** Pending payments the gateway gave us an id for, to be fetched there. */
    pendingWithGatewayId(window: PollWindow, limit: number) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, "pending"),
            isNotNull(payments.providerPaymentId),
            polled(window),
          ),
        )
        .limit(limit)
    },

    /**
     * Payments to search for by our reference: pending with no gateway id yet, or a Mercado Pago
     * card or link page whose first attempt was refused while it can still be paid (`openAt`).
     */
    unmatchedWithBuyer(
      window: PollWindow,
      openAt: Date,
      limit: number,
    ): Promise<PaymentWithBuyer[]> {
      return withBuyer(
        and(
          polled(window),
          or(
            and(eq(payments.status, "pending"), isNull(payments.providerPaymentId)),
            and(
              eq(payments.status, "failed"),
              eq(payments.gateway, "mercadoPago"),
              inArray(payments.method, ["credit_card", "link"]),
              gt(payments.expiresAt, openAt),
            ),
          ),
        ),
      ).limit(limit)
    },

    /**
     * Subscriptions whose gateway recurrence must stop (cancelled, or a one-off Pix or boleto paid
     * the period) and is not yet known stopped there.
     */
    renewalsToStop(limit: number) {
      const paidOneOff = or(
        and(eq(subscriptions.paymentMethod, "pix"), isNull(subscriptions.recurrenceStatus)),
        eq(subscriptions.paymentMethod, "boleto"),
      )
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            or(isNotNull(subscriptions.canceledDate), paidOneOff),
            isNotNull(subscriptions.gatewaySubscriptionId),
            inArray(subscriptions.gateway, ["iugu", "mercadoPago"]),
            sql`not ${recurrenceStopped}`,
          ),
        )
        .limit(limit)
    },

    /** Paid or trialing subscriptions whose period ended by `at`. */
    endedPeriods(at: Date, limit: number) {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ["paid", "trialing"]),
            lte(subscriptions.currentPeriodEnd, at),
          ),
        )
        .limit(limit)
    },

    /** Paid periods renewed by hand ending in (`at`, `until`] whose reminder was not sent. */
    dueReminders(at: Date, until: Date, limit: number) {
      return db
        .select({
          id: subscriptions.id,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          paymentMethod: subscriptions.paymentMethod,
          email: accounts.email,
          fullName: profiles.fullName,
          username: profiles.username,
        })
        .from(subscriptions)
        .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
        .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
        .where(
          and(
            eq(subscriptions.status, "paid"),
            isNull(subscriptions.canceledDate),
            isNull(subscriptions.gatewaySubscriptionId),
            gt(subscriptions.currentPeriodEnd, at),
            lte(subscriptions.currentPeriodEnd, until),
            reminderNotSent,
          ),
        )
        .limit(limit)
    },

    /** Marks the period's reminder as sent; false when another run marked it first. */
    async claimReminder(subscriptionId: string, periodEnd: Date | null) {
      const [claimed] = await db
        .update(subscriptions)
        .set({ reminderSentFor: periodEnd })
        .where(and(eq(subscriptions.id, subscriptionId), reminderNotSent))
        .returning({ id: subscriptions.id })
      return !!claimed
    },

    async releaseReminder(subscriptionId: string) {
      await db
        .update(subscriptions)
        .set({ reminderSentFor: null })
        .where(eq(subscriptions.id, subscriptionId))
    },
  }
}

export type BillingJobsRepository = ReturnType<typeof createBillingJobsRepository>
