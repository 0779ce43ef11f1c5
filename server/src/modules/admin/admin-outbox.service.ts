import {
  OUTBOX_SANDBOX_ONLY,
  outboxPageSize,
  type OutboxPage,
} from "../../../../src/domain/sandbox-outbox.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"

/** The sandbox's outbox folder, so a demo can read the mails no one receives. */
export function createAdminOutboxService(deps: Pick<ModuleDeps, "outbox" | "config">) {
  return {
    async list(page: number): Promise<OutboxPage> {
      const outbox = deps.config.paymentsMode === "sandbox" ? deps.outbox : undefined
      if (!outbox) throw new NotFoundError(OUTBOX_SANDBOX_ONLY, "outbox_unavailable")
      const { mails, total } = await outbox.list({
        offset: (page - 1) * outboxPageSize,
        limit: outboxPageSize,
      })
      return {
        mails: mails.map((mail) => ({ ...mail, sentAt: mail.sentAt.toISOString() })),
        page,
        pageCount: Math.ceil(total / outboxPageSize),
        total,
      }
    },
  }
}
