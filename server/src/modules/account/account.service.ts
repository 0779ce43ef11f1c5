import { and, asc, eq, inArray, isNotNull, isNull, like, lt, lte, not } from "drizzle-orm"
import { PERSONAL_DATA_RETENTION_MONTHS } from "../../../../src/domain/constants.ts"
import { addMonths } from "../../../../src/domain/dates.ts"
import { messages } from "../../../../src/domain/validation.ts"
import type { ModuleDeps } from "../../deps.ts"
import {
  accessLogs,
  accounts,
  analyticsEvents,
  leads,
  mediaLikes,
  plans,
  profiles,
  recoveryCodes,
  storyViews,
} from "../../db/schema.ts"
import { gatewayCustomers, payments, subscriptions } from "../../db/schema-billing.ts"
import { ConflictError, UnauthorizedError, ValidationError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { verifyPassword } from "../auth/passwords.ts"
import { billingOf } from "../billing/billing.plugin.ts"
import { recordAccess } from "./access-log.ts"

export const accountClosedMessage =
  "Sua conta foi encerrada. Seus dados pessoais serão apagados em 6 meses."
export const creatorCloseMessage =
  "Para encerrar uma conta de criadora, fale com o suporte: suas assinantes precisam ser avisadas."
/** Erased accounts keep their row (payments point at it) under an address nobody can own. */
export const erasedDomain = "apagada.closer.invalid"

export function createAccountService(deps: ModuleDeps) {
  const { db } = deps
  const iso = (value: Date | null) => value?.toISOString() ?? null

  return {
    /** Everything the product keeps about the person, as one JSON document (LGPD art. 18). */
    async export(viewer: AuthAccount) {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, viewer.id))
      if (!account) throw new UnauthorizedError()
      const subs = await db
        .select({ subscription: subscriptions, creator: profiles.username })
        .from(subscriptions)
        .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
        .where(eq(subscriptions.accountId, viewer.id))
        .orderBy(asc(subscriptions.createdAt))
      const paid = subs.length
        ? await db
            .select()
            .from(payments)
            .where(
              inArray(
                payments.subscriptionId,
                subs.map((row) => row.subscription.id),
              ),
            )
            .orderBy(asc(payments.createdAt))
        : []
      const [profile] = await db.select().from(profiles).where(eq(profiles.accountId, viewer.id))
      const creatorPlans = profile
        ? await db.select().from(plans).where(eq(plans.profileId, profile.id))
        : []
      const likes = await db.select().from(mediaLikes).where(eq(mediaLikes.accountId, viewer.id))
      const views = await db.select().from(storyViews).where(eq(storyViews.accountId, viewer.id))
      const log = await db
        .select()
        .from(accessLogs)
        .where(eq(accessLogs.accountId, viewer.id))
        .orderBy(asc(accessLogs.createdAt))
      const interest = await db.select().from(leads).where(eq(leads.email, account.email))
      return {
        exportedAt: deps.clock.now().toISOString(),
        account: {
          email: account.email,
          fullName: account.fullName,
          role: account.role,
          createdAt: account.createdAt.toISOString(),
        },
        creatorProfile: profile
          ? {
              username: profile.username,
              fullName: profile.fullName,
              bio: profile.bio,
              pix: profile.pixKey ? { type: profile.pixType, key: profile.pixKey } : null,
              plans: creatorPlans.map((plan) => ({
                name: plan.name,
                valueCents: plan.valueCents,
                active: plan.active,
              })),
            }
          : null,
        subscriptions: subs.map(({ subscription, creator }) => ({
          creator: `@${creator}`,
          status: subscription.status,
          plan: subscription.planName,
          createdAt: subscription.createdAt.toISOString(),
          currentPeriodStart: iso(subscription.currentPeriodStart),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          canceledDate: iso(subscription.canceledDate),
          payments: paid
            .filter((payment) => payment.subscriptionId === subscription.id)
            .map((payment) => ({
              status: payment.status,
              method: payment.method,
              amountCents: payment.amountCents,
              createdAt: payment.createdAt.toISOString(),
              paidAt: iso(payment.paidAt),
              receiptSent: !!payment.receiptKey,
            })),
        })),
        likes: likes.map((row) => ({ photo: row.mediaId, at: row.createdAt.toISOString() })),
        storiesSeen: views.map((row) => ({ story: row.storyId, at: row.createdAt.toISOString() })),
        interestForms: interest.map((row) => ({
          instagram: row.instagram,
          email: row.email,
          whatsapp: row.whatsapp,
          at: row.createdAt.toISOString(),
        })),
        accessLog: log.map((row) => ({
          event: row.event,
          ip: row.ip,
          at: row.createdAt.toISOString(),
        })),
      }
    },

    /**
     * The follower closes the account: renewals stop (access already paid lasts, as on cancel),
     * every session ends and signing in is refused; the personal data goes six months later.
     */
    async close(viewer: AuthAccount, password: string, ip: string) {
      await deps.limits.consume(`account-close:${viewer.id}`, 10, 60 * 60_000)
      const [account] = await db.select().from(accounts).where(eq(accounts.id, viewer.id))
      if (!account || account.closedAt) throw new UnauthorizedError()
      if (account.role !== "follower")
        throw new ConflictError(creatorCloseMessage, "creator_account")
      if (!(await verifyPassword(password, account.passwordHash)))
        throw new ValidationError(messages.wrongLogin, "wrong_password", "password")
      const open = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, viewer.id), isNull(subscriptions.canceledDate)))
      for (const subscription of open)
        await billingOf(db).subscriptions.cancel(subscription.id, viewer)
      const now = deps.clock.now()
      await db
        .update(accounts)
        .set({ closedAt: now, tokenVersion: account.tokenVersion + 1, updatedAt: now })
        .where(eq(accounts.id, viewer.id))
      await recordAccess(db, { accountId: viewer.id, event: "close", ip, at: now })
      return { message: accountClosedMessage }
    },

    /**
     * The retention job: accounts closed six months ago lose their personal data (the payments
     * stay, for the accounts, pointing at an anonymous row), and access logs older than six months go.
     */
    async eraseExpired() {
      const now = deps.clock.now()
      const cutoff = addMonths(now, -PERSONAL_DATA_RETENTION_MONTHS)
      const due = await db
        .select()
        .from(accounts)
        .where(and(lte(accounts.closedAt, cutoff), not(like(accounts.email, `%@${erasedDomain}`))))
      for (const account of due) {
        const receipts = await db
          .select({ id: payments.id, key: payments.receiptKey })
          .from(payments)
          .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
          .where(and(eq(subscriptions.accountId, account.id), isNotNull(payments.receiptKey)))
        for (const receipt of receipts) await deps.storage.delete(receipt.key!)
        await db.transaction(async (tx) => {
          if (receipts.length)
            await tx
              .update(payments)
              .set({ receiptKey: null })
              .where(
                inArray(
                  payments.id,
                  receipts.map((receipt) => receipt.id),
                ),
              )
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id))
          await tx.delete(mediaLikes).where(eq(mediaLikes.accountId, account.id))
          await tx.delete(storyViews).where(eq(storyViews.accountId, account.id))
          await tx.delete(gatewayCustomers).where(eq(gatewayCustomers.accountId, account.id))
          await tx.delete(leads).where(eq(leads.email, account.email))
          await tx
            .update(analyticsEvents)
            .set({ accountId: null })
            .where(eq(analyticsEvents.accountId, account.id))
          await tx
            .update(accounts)
            .set({
              email: `${account.id}@${erasedDomain}`,
              fullName: null,
              passwordHash: "apagada",
              signupFromProfileId: null,
              updatedAt: now,
            })
            .where(eq(accounts.id, account.id))
        })
      }
      const logs = await db
        .delete(accessLogs)
        .where(lt(accessLogs.createdAt, cutoff))
        .returning({ id: accessLogs.id })
      return { erasedAccounts: due.length, expiredAccessLogs: logs.length }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
