import { and, eq, inArray, isNotNull, isNull, like, lt, lte, not, sql } from "drizzle-orm"
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
import { verifyPassword } from "../../adapters/passwords/passwords.ts"

export const accountClosedMessage =
  "Sua conta foi encerrada. Seus dados pessoais serão apagados em 6 meses."
export const creatorCloseMessage =
  "Para encerrar uma conta de criadora, fale com o suporte: suas assinantes precisam ser avisadas."
/** Erased accounts keep their row (payments point at it) under an address nobody can own. */
export const erasedDomain = "apagada.closer.invalid"

/** Timestamps inside JSON come as PostgreSQL writes them; the export speaks ISO 8601 in UTC. */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())

type ExportProfile = {
  username: string
  fullName: string
  bio: string
  pixType: string | null
  pixKey: string | null
  plans: Array<{ name: string; valueCents: number; active: boolean }>
}
type ExportPayment = {
  status: string
  method: string
  amountCents: number
  createdAt: string
  paidAt: string | null
  receiptSent: boolean
}
type ExportSubscription = {
  creator: string
  status: string
  plan: string | null
  createdAt: string
  currentPeriodStart: string | null
  currentPeriodEnd: string | null
  canceledDate: string | null
  payments: ExportPayment[]
}
type ExportLead = { instagram: string; email: string; whatsapp: string; at: string }

export function createAccountService(deps: ModuleDeps) {
  const { db } = deps

  return {
    /**
     * Everything the product keeps about the person, as one JSON document (LGPD art. 18), read
     * in one query: each part is a JSON aggregate of its table.
     */
    async export(viewer: AuthAccount) {
      const [row] = await db
        .select({
          email: accounts.email,
          fullName: accounts.fullName,
          role: accounts.role,
          createdAt: accounts.createdAt,
          // Written with aliases: in a one-table select Drizzle leaves columns unqualified.
          profile: sql<ExportProfile | null>`(
            select json_build_object('username', p.username, 'fullName', p.full_name,
              'bio', p.bio, 'pixType', p.pix_type, 'pixKey', p.pix_key,
              'plans', coalesce((
                select json_agg(json_build_object('name', pl.name,
                  'valueCents', pl.value_cents, 'active', pl.active) order by pl.created_at)
                from ${plans} pl where pl.profile_id = p.id), '[]'::json))
            from ${profiles} p where p.account_id = "accounts"."id")`,
          subscriptions: sql<ExportSubscription[]>`coalesce((
            select json_agg(json_build_object('creator', p.username, 'status', s.status,
              'plan', s.plan_name, 'createdAt', s.created_at,
              'currentPeriodStart', s.current_period_start,
              'currentPeriodEnd', s.current_period_end, 'canceledDate', s.canceled_date,
              'payments', coalesce((
                select json_agg(json_build_object('status', pay.status, 'method', pay.method,
                  'amountCents', pay.amount_cents, 'createdAt', pay.created_at,
                  'paidAt', pay.paid_at, 'receiptSent', pay.receipt_key is not null)
                  order by pay.created_at)
                from ${payments} pay where pay.subscription_id = s.id), '[]'::json))
              order by s.created_at)
            from ${subscriptions} s inner join ${profiles} p on p.id = s.profile_id
            where s.account_id = "accounts"."id"), '[]'::json)`,
          likes: sql<Array<{ photo: string; at: string }>>`coalesce((
            select json_agg(json_build_object('photo', l.media_id, 'at', l.created_at)
              order by l.created_at)
            from ${mediaLikes} l where l.account_id = "accounts"."id"), '[]'::json)`,
          storiesSeen: sql<Array<{ story: string; at: string }>>`coalesce((
            select json_agg(json_build_object('story', v.story_id, 'at', v.created_at)
              order by v.created_at)
            from ${storyViews} v where v.account_id = "accounts"."id"), '[]'::json)`,
          interestForms: sql<ExportLead[]>`coalesce((
            select json_agg(json_build_object('instagram', le.instagram, 'email', le.email,
              'whatsapp', le.whatsapp, 'at', le.created_at) order by le.created_at)
            from ${leads} le where le.email = "accounts"."email"), '[]'::json)`,
          accessLog: sql<Array<{ event: string; ip: string; at: string }>>`coalesce((
            select json_agg(json_build_object('event', al.event, 'ip', al.ip, 'at', al.created_at)
              order by al.created_at)
            from ${accessLogs} al where al.account_id = "accounts"."id"), '[]'::json)`,
        })
        .from(accounts)
        .where(eq(accounts.id, viewer.id))
      if (!row) throw new UnauthorizedError()
      const { profile } = row
      return {
        exportedAt: deps.clock.now().toISOString(),
        account: {
          email: row.email,
          fullName: row.fullName,
          role: row.role,
          createdAt: row.createdAt.toISOString(),
        },
        creatorProfile: profile
          ? {
              username: profile.username,
              fullName: profile.fullName,
              bio: profile.bio,
              pix: profile.pixKey ? { type: profile.pixType, key: profile.pixKey } : null,
              plans: profile.plans,
            }
          : null,
        subscriptions: row.subscriptions.map((subscription) => ({
          ...subscription,
          creator: `@${subscription.creator}`,
          createdAt: iso(subscription.createdAt),
          currentPeriodStart: iso(subscription.currentPeriodStart),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          canceledDate: iso(subscription.canceledDate),
          payments: subscription.payments.map((payment) => ({
            ...payment,
            createdAt: iso(payment.createdAt),
            paidAt: iso(payment.paidAt),
          })),
        })),
        likes: row.likes.map((like) => ({ ...like, at: iso(like.at) })),
        storiesSeen: row.storiesSeen.map((view) => ({ ...view, at: iso(view.at) })),
        interestForms: row.interestForms.map((lead) => ({ ...lead, at: iso(lead.at) })),
        accessLog: row.accessLog.map((entry) => ({ ...entry, at: iso(entry.at) })),
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
      for (const subscription of open) await deps.subscriptions.cancel(subscription.id, viewer)
      const now = deps.clock.now()
      await db
        .update(accounts)
        .set({ closedAt: now, tokenVersion: account.tokenVersion + 1, updatedAt: now })
        .where(eq(accounts.id, viewer.id))
      await deps.accessLog.record({ accountId: viewer.id, event: "close", ip, at: now })
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
