import { eq } from "drizzle-orm"
import type { AdminLead, LeadStatus } from "../../../../src/domain/admin.ts"
import { creatorInviteMail } from "../../adapters/mail/templates.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts"
import {
  generateTemporaryPassword,
  generatedPasswordScrypt,
  hashPassword,
} from "../auth/passwords.ts"
import { reservedUsernames, usernameTakenMessage } from "../profiles/profiles.service.ts"
import { isUuid } from "../studio/studio-access.ts"
import { createAdminLeadsRepository, type LeadRow } from "./admin-leads.repository.ts"

export const leadNotFoundMessage = "Lead não encontrado"
export const leadAlreadyInvitedMessage = "Este lead já foi convidado."
export const accountExistsMessage = "Já existe uma conta com este e-mail."
export const chooseUsernameMessage = "Escolha um nome de usuário para a criadora."

const USERNAME = /^[a-z0-9_.-]{3,50}$/

function toLead(row: { lead: LeadRow; creatorUsername: string | null }): AdminLead {
  const { lead } = row
  const status: LeadStatus = lead.invitedAt ? "invited" : lead.contactedAt ? "contacted" : "new"
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
  }
}

export function createAdminLeadsService(deps: ModuleDeps) {
  const repo = createAdminLeadsRepository(deps.db)

  const find = async (id: string) => {
    const row = isUuid(id) ? await repo.find(id) : null
    if (!row) throw new NotFoundError(leadNotFoundMessage, "lead_not_found")
    return row
  }

  return {
    async list(filter: { status?: LeadStatus; q?: string }) {
      return (await repo.list(filter)).map(toLead)
    },

    async setContacted(id: string, contacted: boolean) {
      const row = await find(id)
      await repo.update(row.lead.id, { contactedAt: contacted ? deps.clock.now() : null })
      return toLead(await find(id))
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
      if (reservedUsernames.has(username)) {
        throw new ConflictError(usernameTakenMessage, "username_taken", "username")
      }
      const temporary = generateTemporaryPassword()
      // Random, like a guest checkout's: the light cost keeps it as safe; the password she
      // chooses with it gets the full cost.
      const passwordHash = await hashPassword(temporary, generatedPasswordScrypt)
      const now = deps.clock.now()
      const fullName = input.fullName ?? lead.instagram
      const link = new URL("/studio/convite", deps.config.publicUrl)
      link.searchParams.set("email", lead.email)
      link.searchParams.set("code", temporary)
      try {
        await deps.db.transaction(async (tx) => {
          const taken = await tx.$count(accounts, eq(accounts.email, lead.email))
          if (taken) throw new ConflictError(accountExistsMessage, "email_taken")
          const [account] = await tx
            .insert(accounts)
            .values({
              email: lead.email,
              fullName,
              role: "performer",
              passwordHash,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: accounts.id })
          await tx.insert(profiles).values({
            accountId: account!.id,
            username,
            fullName,
            createdAt: now,
            updatedAt: now,
          })
          await createAdminLeadsRepository(tx).update(lead.id, {
            invitedAt: now,
            contactedAt: lead.contactedAt ?? now,
            creatorAccountId: account!.id,
          })
          // Inside the transaction: if the e-mail cannot go out, nothing is created and the
          // operator can simply invite again.
          await deps.mailer.send(creatorInviteMail(lead.email, link.toString()))
        })
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(usernameTakenMessage, "username_taken", "username")
        }
        throw error
      }
      return toLead(await find(id))
    },
  }
}
