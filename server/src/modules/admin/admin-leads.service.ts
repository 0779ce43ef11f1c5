import type { AdminLead, LeadInvite, LeadStatus } from "../../../../src/domain/admin.ts"
import { creatorInviteMail } from "../../adapters/mail/templates.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts"
import {
  generateTemporaryPassword,
  hashGeneratedPassword,
} from "../../adapters/passwords/passwords.ts"
import { isReservedUsername } from "../../../../src/domain/route-segments.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { hasChosenPassword, inviteExpiresAt } from "../../../../src/domain/invites.ts"
import { USERNAME_TAKEN } from "../../../../src/domain/messages.ts"
import { createAdminLeadsRepository, type LeadWithCreator } from "./admin-leads.repository.ts"

export const leadNotFoundMessage = "Lead não encontrado"
export const leadAlreadyInvitedMessage =
  "Este lead já foi convidado. Para mandar um link novo, use Reenviar convite."
export const accountExistsMessage = "Já existe uma conta com este e-mail."
export const emailInvitedByOtherLeadMessage = (instagram: string) =>
  `Este e-mail já foi convidado pelo lead ${instagram}. Para mandar um link novo, reenvie o convite por ele.`
export const chooseUsernameMessage = "Escolha um nome de usuário para a criadora."
export const leadNotInvitedMessage = "Este lead ainda não foi convidado."
export const inviteAcceptedMessage =
  "Ela já escolheu a senha e entra no estúdio com ela. Se esqueceu, pode recuperá-la em Esqueci a senha."
export const inviteAccountClosedMessage = "A conta criada por este convite foi encerrada."
export const inviteJustResentMessage =
  "Este convite acabou de ser reenviado. Atualize a lista para ver o novo prazo."

const USERNAME = /^[a-z0-9_.-]{3,50}$/

function inviteOf(row: LeadWithCreator, now: Date): LeadInvite | undefined {
  const sentAt = row.lead.invitedAt
  if (!sentAt || !row.creator || row.creator.closedAt) return undefined
  const expiresAt = inviteExpiresAt(sentAt)
  const state = hasChosenPassword(row.creator)
    ? "accepted"
    : expiresAt <= now
      ? "expired"
      : "pending"
  return { state, expiresAt: expiresAt.toISOString() }
}

function toLead(row: LeadWithCreator, now: Date): AdminLead {
  const { lead } = row
  const status: LeadStatus = lead.invitedAt ? "invited" : lead.contactedAt ? "contacted" : "new"
  const invite = inviteOf(row, now)
  return {
    id: lead.id,
    instagram: lead.instagram,
    email: lead.email,
    whatsapp: lead.whatsapp,
    createdAt: lead.createdAt.toISOString(),
    status,
    contactedAt: lead.contactedAt?.toISOString() ?? null,
    invitedAt: lead.invitedAt?.toISOString() ?? null,
    creatorUsername: row.creatorUsername,
    ...(invite ? { invite } : {}),
  }
}

export function createAdminLeadsService(deps: ModuleDeps) {
  const repo = createAdminLeadsRepository(deps.db)

  const find = async (id: string) => {
    const row = isUuid(id) ? await repo.find(id) : null
    if (!row) throw new NotFoundError(leadNotFoundMessage, "lead_not_found")
    return row
  }
  const current = async (id: string) => toLead(await find(id), deps.clock.now())

  /** A new temporary password and the link that signs in with it and leads to choosing one. */
  const newInviteLink = async (email: string) => {
    const temporary = generateTemporaryPassword()
    // Random, like a guest checkout's: a fast hash keeps it as safe; the password she
    // chooses with it gets the full cost.
    const passwordHash = hashGeneratedPassword(temporary)
    const link = new URL("/studio/convite", deps.config.publicUrl)
    link.searchParams.set("email", email)
    link.searchParams.set("code", temporary)
    return { passwordHash, link: link.toString() }
  }

  return {
    async list(filter: { status?: LeadStatus; q?: string }) {
      const now = deps.clock.now()
      return (await repo.list(filter)).map((row) => toLead(row, now))
    },

    async setContacted(id: string, contacted: boolean) {
      const row = await find(id)
      await repo.update(row.lead.id, { contactedAt: contacted ? deps.clock.now() : null })
      return current(id)
    },

    /**
     * Turns a lead into a creator account with a temporary password, and e-mails her a link
     * that signs her in and leads to /choose-password with that code.
     */
    async invite(id: string, input: { username?: string; fullName?: string }) {
      const { lead } = await find(id)
      if (lead.invitedAt) throw new ConflictError(leadAlreadyInvitedMessage, "lead_already_invited")
      const username = (input.username ?? lead.instagram.replace(/^@/, "")).toLowerCase()
      if (!USERNAME.test(username)) {
        throw new ValidationError(chooseUsernameMessage, "username_required", "username")
      }
      if (isReservedUsername(username)) {
        throw new ConflictError(USERNAME_TAKEN, "username_taken", "username")
      }
      const { passwordHash, link } = await newInviteLink(lead.email)
      const now = deps.clock.now()
      const fullName = input.fullName ?? lead.instagram
      await deps.db.transaction(async (tx) => {
        const txRepo = createAdminLeadsRepository(tx)
        // The lead first: a second invite of the same lead waits here and is told it was invited.
        if (!(await txRepo.claimInvite(lead.id, null, now, lead.contactedAt ?? now))) {
          throw new ConflictError(leadAlreadyInvitedMessage, "lead_already_invited")
        }
        const account = await txRepo.insertCreatorAccount({
          email: lead.email,
          fullName,
          passwordHash,
          now,
        })
        if (!account) {
          const other = await txRepo.findInvitedWithEmail(lead.email)
          throw other
            ? new ConflictError(emailInvitedByOtherLeadMessage(other.instagram), "email_invited")
            : new ConflictError(accountExistsMessage, "email_taken")
        }
        const profile = await txRepo.insertProfile({
          accountId: account.id,
          username,
          fullName,
          now,
        })
        if (!profile) throw new ConflictError(USERNAME_TAKEN, "username_taken", "username")
        await txRepo.update(lead.id, { creatorAccountId: account.id })
      })
      // Into the outbox once the account exists: retried until it goes out, and "Reenviar
      // convite" makes a new link if it never does.
      await deps.mailer.send(creatorInviteMail(lead.email, link))
      return current(id)
    },

    /**
     * A new link for an invite she has not used yet (lost or expired): the account and username
     * stay, the temporary password is replaced, so the earlier link stops working.
     */
    async resendInvite(id: string) {
      const row = await find(id)
      const { lead, creator } = row
      if (!lead.invitedAt) throw new ConflictError(leadNotInvitedMessage, "lead_not_invited")
      if (!creator || creator.closedAt) {
        throw new ConflictError(inviteAccountClosedMessage, "invite_account_closed")
      }
      if (hasChosenPassword(creator)) {
        throw new ConflictError(inviteAcceptedMessage, "invite_accepted")
      }
      const { passwordHash, link } = await newInviteLink(lead.email)
      const now = deps.clock.now()
      await deps.db.transaction(async (tx) => {
        const txRepo = createAdminLeadsRepository(tx)
        if (!(await txRepo.claimInvite(lead.id, lead.invitedAt, now, lead.contactedAt ?? now))) {
          throw new ConflictError(inviteJustResentMessage, "invite_just_resent")
        }
        // Only while she still has not chosen a password: hers must never be overwritten.
        const replaced = await txRepo.replaceInvitePassword(creator.id, passwordHash, now)
        if (!replaced) throw new ConflictError(inviteAcceptedMessage, "invite_accepted")
      })
      await deps.mailer.send(creatorInviteMail(lead.email, link))
      return current(id)
    },
  }
}
