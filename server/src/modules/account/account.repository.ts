import { and, eq, inArray, isNotNull, isNull, like, lt, lte, not, or, sql } from "drizzle-orm"
import type { Database, Executor } from "../../db/client.ts"
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
import { gatewayCustomers, payments, subscriptions, vipInvites } from "../../db/schema-billing.ts"

export type AccountRow = typeof accounts.$inferSelect

export type ExportProfile = {
  username: string
  fullName: string
  bio: string
  pixType: string | null
  pixKey: string | null
  plans: Array<{ name: string; valueCents: number; active: boolean }>
}
export type ExportPayment = {
  status: string
  method: string
  amountCents: number
  createdAt: string
  paidAt: string | null
  receiptSent: boolean
}
export type ExportSubscription = {
  creator: string
  status: string
  plan: string | null
  createdAt: string
  currentPeriodStart: string | null
  currentPeriodEnd: string | null
  canceledDate: string | null
  payments: ExportPayment[]
}
export type ExportVipInvite = {
  creator: string
  email: string
  sentAt: string
  expiresAt: string
  acceptedAt: string | null
}
export type ExportLead = { instagram: string; email: string; whatsapp: string; at: string }

export function createAccountRepository(db: Executor) {
  return {
    /**
     * Everything kept about the person in one query: each part is a JSON aggregate of its table.
     */
    async exportOf(accountId: string) {
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
          // Lista VIP invitations sent to this e-mail, or accepted by this account.
          vipInvites: sql<ExportVipInvite[]>`coalesce((
            select json_agg(json_build_object('creator', p.username, 'email', vi.email,
              'sentAt', vi.created_at, 'expiresAt', vi.expires_at, 'acceptedAt', vi.accepted_at)
              order by vi.created_at)
            from ${vipInvites} vi inner join ${profiles} p on p.id = vi.profile_id
            where vi.email = "accounts"."email" or vi.accepted_by = "accounts"."id"), '[]'::json)`,
          accessLog: sql<Array<{ event: string; ip: string; at: string }>>`coalesce((
            select json_agg(json_build_object('event', al.event, 'ip', al.ip, 'at', al.created_at)
              order by al.created_at)
            from ${accessLogs} al where al.account_id = "accounts"."id"), '[]'::json)`,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId))
      return row ?? null
    },

    async find(accountId: string): Promise<AccountRow | null> {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId))
      return account ?? null
    },

    /** The subscriptions still renewing (not cancelled). */
    openSubscriptionIds(accountId: string) {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.canceledDate)))
    },

    /** Closed, and every session ends with the bumped token version. */
    async close(account: Pick<AccountRow, "id" | "tokenVersion">, now: Date) {
      await db
        .update(accounts)
        .set({ closedAt: now, tokenVersion: account.tokenVersion + 1, updatedAt: now })
        .where(eq(accounts.id, account.id))
    },

    /** Accounts closed on or before the cutoff whose data is still there. */
    closedBefore(cutoff: Date, erasedDomain: string) {
      return db
        .select()
        .from(accounts)
        .where(and(lte(accounts.closedAt, cutoff), not(like(accounts.email, `%@${erasedDomain}`))))
    },

    receiptsOf(accountId: string) {
      return db
        .select({ id: payments.id, key: payments.receiptKey })
        .from(payments)
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .where(and(eq(subscriptions.accountId, accountId), isNotNull(payments.receiptKey)))
    },

    /** Deletes the access log's lines older than the cutoff; how many went. */
    async deleteAccessLogsBefore(cutoff: Date) {
      const logs = await db
        .delete(accessLogs)
        .where(lt(accessLogs.createdAt, cutoff))
        .returning({ id: accessLogs.id })
      return logs.length
    },
  }
}

/**
 * The personal data of one account goes, in one transaction; the row stays (payments point at
 * it) under an address nobody can own, and its receipts' files are forgotten.
 */
export async function erasePersonalData(
  db: Database,
  account: Pick<AccountRow, "id" | "email">,
  input: { receiptIds: string[]; erasedEmail: string; now: Date },
) {
  await db.transaction(async (tx) => {
    if (input.receiptIds.length)
      await tx
        .update(payments)
        .set({ receiptKey: null })
        .where(inArray(payments.id, input.receiptIds))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id))
    await tx.delete(mediaLikes).where(eq(mediaLikes.accountId, account.id))
    await tx.delete(storyViews).where(eq(storyViews.accountId, account.id))
    await tx.delete(gatewayCustomers).where(eq(gatewayCustomers.accountId, account.id))
    await tx.delete(leads).where(eq(leads.email, account.email))
    await tx
      .delete(vipInvites)
      .where(or(eq(vipInvites.email, account.email), eq(vipInvites.acceptedBy, account.id)))
    await tx
      .update(analyticsEvents)
      .set({ accountId: null })
      .where(eq(analyticsEvents.accountId, account.id))
    await tx
      .update(accounts)
      .set({
        email: input.erasedEmail,
        fullName: null,
        passwordHash: "apagada",
        signupFromProfileId: null,
        updatedAt: input.now,
      })
      .where(eq(accounts.id, account.id))
  })
}
