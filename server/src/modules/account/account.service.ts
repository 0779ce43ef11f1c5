import { PERSONAL_DATA_RETENTION_MONTHS } from "../../../../src/domain/constants.ts"
import { addMonths } from "../../../../src/domain/dates.ts"
import { messages } from "../../../../src/domain/validation.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, UnauthorizedError, ValidationError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { verifyPassword } from "../../adapters/passwords/passwords.ts"
import { createAccountRepository, erasePersonalData } from "./account.repository.ts"

export const accountClosedMessage =
  "Sua conta foi encerrada. Seus dados pessoais serão apagados em 6 meses."
export const creatorCloseMessage =
  "Para encerrar uma conta de criadora, fale com o suporte: suas assinantes precisam ser avisadas."
/** Erased accounts keep their row (payments point at it) under an address nobody can own. */
export const erasedDomain = "apagada.closer.invalid"

/** Timestamps inside JSON come as PostgreSQL writes them; the export speaks ISO 8601 in UTC. */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())

export function createAccountService(deps: ModuleDeps) {
  const { db } = deps
  const repo = createAccountRepository(db)

  return {
    /**
     * Everything the product keeps about the person, as one JSON document (LGPD art. 18), read
     * in one query: each part is a JSON aggregate of its table.
     */
    async export(viewer: AuthAccount) {
      const row = await repo.exportOf(viewer.id)
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
        vipInvites: row.vipInvites.map((invite) => ({
          ...invite,
          creator: `@${invite.creator}`,
          sentAt: iso(invite.sentAt),
          expiresAt: iso(invite.expiresAt),
          acceptedAt: iso(invite.acceptedAt),
        })),
        accessLog: row.accessLog.map((entry) => ({ ...entry, at: iso(entry.at) })),
      }
    },

    /**
     * The follower closes the account: renewals stop (access already paid lasts, as on cancel),
     * every session ends and signing in is refused; the personal data goes six months later.
     */
    async close(viewer: AuthAccount, password: string, ip: string) {
      await deps.limits.consume(`account-close:${viewer.id}`, 10, 60 * 60_000)
      const account = await repo.find(viewer.id)
      if (!account || account.closedAt) throw new UnauthorizedError()
      if (account.role !== "follower")
        throw new ConflictError(creatorCloseMessage, "creator_account")
      if (!(await verifyPassword(password, account.passwordHash)))
        throw new ValidationError(messages.wrongLogin, "wrong_password", "password")
      const open = await repo.openSubscriptionIds(viewer.id)
      for (const subscription of open) await deps.subscriptions.cancel(subscription.id, viewer)
      const now = deps.clock.now()
      await repo.close(account, now)
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
      const due = await repo.closedBefore(cutoff, erasedDomain)
      for (const account of due) {
        const receipts = await repo.receiptsOf(account.id)
        for (const receipt of receipts) await deps.storage.delete(receipt.key!)
        await erasePersonalData(db, account, {
          receiptIds: receipts.map((receipt) => receipt.id),
          erasedEmail: `${account.id}@${erasedDomain}`,
          now,
        })
      }
      const expiredAccessLogs = await repo.deleteAccessLogsBefore(cutoff)
      return { erasedAccounts: due.length, expiredAccessLogs }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
