import type { FastifyBaseLogger } from "fastify"
import type { Mailer, OutgoingMail } from "../../adapters/mail/mailer.ts"
import {
  automaticPixFailedMail,
  automaticPixNotAuthorisedMail,
  paymentApprovedMail,
  receiptRejectedMail,
  receiptToReviewMail,
} from "../../shared/billing-mails.ts"
import type { BillingRepository, SubscriptionRow } from "./billing.repository.ts"
import type { Transition } from "./payment-ledger.ts"

/** The e-mails that follow a payment's status change; sent after the transaction committed. */
export function createPaymentNotifications(deps: {
  repo: BillingRepository
  mailer: Mailer
  log: FastifyBaseLogger
  publicUrl: string
}) {
  const { repo, publicUrl } = deps
  // A mail that cannot go out never undoes the payment it tells about.
  const send = (mail: OutgoingMail) =>
    deps.mailer.send(mail).catch((err) => deps.log.error({ err }, "billing mail failed"))

  return {
    async afterTransition(result: Transition) {
      const { payment, subscription } = result
      // The ledger's write read them already; a caller's own transition may not have.
      const found = result.people === undefined ? await repo.peopleOf(subscription) : result.people
      if (!found) return
      const { buyer, creator } = found
      if (payment.status === "paid") {
        await send(
          paymentApprovedMail(buyer.email, creator, subscription.currentPeriodEnd, publicUrl),
        )
      } else if (payment.status === "failed" && payment.receiptKey) {
        await send(receiptRejectedMail(buyer.email, creator, publicUrl))
      } else if (
        payment.method === "pix" &&
        subscription.status === "unpaid" &&
        subscription.recurrenceStatus === "APROVADA" &&
        subscription.failedDate?.getTime() === payment.updatedAt.getTime() &&
        subscription.currentPeriodEnd
      ) {
        await send(
          automaticPixFailedMail(buyer.email, creator, subscription.currentPeriodEnd, publicUrl),
        )
      } else if (payment.status === "analyzing" && payment.receiptKey) {
        await send(receiptToReviewMail(creator.email, buyer.email, payment.amountCents, publicUrl))
      }
    },

    /** A Pix Automático authorisation refused or expired: the follower may pay a one-off Pix. */
    async recurrenceNotAuthorised(
      subscription: Pick<SubscriptionRow, "accountId" | "profileId">,
      status: "REJEITADA" | "EXPIRADA",
    ) {
      const found = await repo.peopleOf(subscription)
      if (!found) return
      await send(automaticPixNotAuthorisedMail(found.buyer.email, found.creator, status, publicUrl))
    },
  }
}

export type PaymentNotifications = ReturnType<typeof createPaymentNotifications>
