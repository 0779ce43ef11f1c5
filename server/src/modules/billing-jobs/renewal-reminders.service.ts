import type { FastifyBaseLogger } from "fastify"
import type { Mailer } from "../../adapters/mail/mailer.ts"
import type { Clock } from "../../clock.ts"
import { renewalReminderMail } from "../../shared/billing-mails.ts"
import type { BillingJobsRepository } from "./billing-jobs.repository.ts"

const day = 24 * 60 * 60_000
/** Renewal e-mails go this long before the period ends. */
export const reminderLeadMs = 3 * day

/**
 * Three days before a period ends, subscribers who renew by hand (Pix, boleto) get one e-mail
 * per period. The conditional update makes it once even with replicas racing.
 */
export function createRenewalReminders(deps: {
  jobsRepo: BillingJobsRepository
  mailer: Mailer
  clock: Clock
  log: FastifyBaseLogger
  publicUrl: string
}) {
  const { jobsRepo } = deps
  return async function remindRenewals() {
    const at = deps.clock.now()
    const due = await jobsRepo.dueReminders(at, new Date(at.getTime() + reminderLeadMs), 500)
    let sent = 0
    for (const row of due) {
      if (!(await jobsRepo.claimReminder(row.id, row.currentPeriodEnd))) continue
      try {
        await deps.mailer.send(
          renewalReminderMail(
            row.email,
            { fullName: row.fullName, username: row.username },
            row.currentPeriodEnd!,
            deps.publicUrl,
            row.paymentMethod,
          ),
        )
        sent++
      } catch (err) {
        // Not sent: let the next run try again.
        deps.log.error({ err, subscriptionId: row.id }, "aviso de renovação falhou")
        await jobsRepo.releaseReminder(row.id)
      }
    }
    return sent
  }
}
