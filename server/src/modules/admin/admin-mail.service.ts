import {
  DEAD_MAIL_NOT_DEAD,
  DEAD_MAIL_NOT_FOUND,
  deadMailResentMessage,
  type DeadMail,
} from "../../../../src/domain/dead-mail.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, NotFoundError } from "../../errors.ts"

/** The mail the outbox gave up on, and the operator's "send it again". */
export function createAdminMailService(deps: Pick<ModuleDeps, "deadMail">) {
  return {
    async listDead(): Promise<DeadMail[]> {
      return (await deps.deadMail.listDead()).map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        attempts: mail.attempts,
        lastError: mail.lastError,
        createdAt: mail.createdAt.toISOString(),
        failedAt: mail.failedAt?.toISOString() ?? null,
      }))
    },

    async resend(id: string) {
      const outcome = isUuid(id) ? await deps.deadMail.resend(id) : "missing"
      if (outcome === "missing") throw new NotFoundError(DEAD_MAIL_NOT_FOUND, "mail_not_found")
      if (outcome === "not-dead") throw new ConflictError(DEAD_MAIL_NOT_DEAD, "mail_not_dead")
      return { id, message: deadMailResentMessage }
    },
  }
}
