import { LEAD_SUCCESS } from "../../../../src/domain/messages.ts"
import { messages, type LeadFieldsOutput } from "../../../../src/domain/validation.ts"
import { requireHuman } from "../../adapters/captcha/require-human.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ValidationError } from "../../errors.ts"
import { createLeadsRepository } from "./leads.repository.ts"

const hour = 60 * 60_000

export function createLeadsService(deps: ModuleDeps) {
  const repo = createLeadsRepository(deps.db)
  return {
    /** A creator who wants to join leaves her contacts; the team reaches out. */
    async create(input: LeadFieldsOutput & { token: string }, ip: string) {
      // Spec §5: a mistyped address would send the team's reply to a stranger.
      if (input.confirmEmail !== undefined && input.confirmEmail !== input.email)
        throw new ValidationError(messages.confirmEmail, "email_mismatch", "confirmEmail")
      await requireHuman(deps.captcha, input.token, ip)
      await deps.limits.consume(`lead:email:${input.email}`, 3, 24 * hour)
      await repo.insert({
        instagram: input.instagram,
        email: input.email,
        whatsapp: input.whatsapp,
        ip,
        now: deps.clock.now(),
      })
      deps.log.info({ instagram: input.instagram }, "novo lead de criadora")
      return { message: LEAD_SUCCESS }
    },
  }
}
