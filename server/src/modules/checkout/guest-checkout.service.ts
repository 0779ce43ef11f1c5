import { randomUUID } from "node:crypto"
import type { CheckoutResponse } from "../../../../src/domain/models.ts"
import { messages } from "../../../../src/domain/field-messages.ts"
import { AppError, BadRequestError, ValidationError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import {
  automaticPixPayerMessage,
  emailRequiredMessage,
  noCardMessage,
  subscriptionNotFoundMessage,
} from "../../shared/billing-messages.ts"
import type { BuyerAccounts } from "../payments/billing-ports.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import type { CheckoutService } from "./checkout.service.ts"
import type { Idempotency } from "./idempotency.ts"
import type { StartPayment } from "./payment-start.service.ts"
import { cardOf, scopeOf, type GuestCheckout, type Stored } from "./purchase-inputs.ts"

/** iugu's card and Pix checkouts, where the buyer may arrive signed out with only an e-mail. */
export function createGuestCheckout(deps: {
  checkout: CheckoutService
  start: StartPayment
  payments: PaymentsService
  idempotency: Idempotency
  buyers: BuyerAccounts
}) {
  const freshToken = async (accountId: string) => {
    const token = await deps.buyers.freshToken(accountId)
    if (!token) throw new AppError(404, subscriptionNotFoundMessage, "subscription_not_found")
    return token
  }

  /** iugu's card and Pix checkouts: the buyer may arrive signed out, with only an e-mail. */
  async function guestCheckout(
    kind: "credit_card" | "pix",
    username: string,
    viewer: AuthAccount | null,
    input: GuestCheckout,
    ip: string,
    key: string | undefined,
    browser: string | undefined,
  ): Promise<CheckoutResponse> {
    const { token: _captcha, creditCardToken: _card, ...fingerprint } = input
    return deps.idempotency.run<CheckoutResponse, Stored>(
      {
        scope: scopeOf(viewer, input.email, browser),
        key,
        request: { route: `iugu:${kind}`, username, ...fingerprint },
      },
      async (attempt) => {
        if (kind === "credit_card" && !input.creditCardToken && !input.paymentMethodId)
          throw new BadRequestError(noCardMessage, "validation_error", "creditCardToken")
        const { profile, plan, coupon } = await deps.checkout.purchase(
          username,
          input,
          kind,
          ["iugu"],
          kind === "pix" && Boolean(input.automaticPix),
        )
        if (!viewer && !input.email)
          throw new BadRequestError(emailRequiredMessage, "email_required", "email")
        if (!viewer && input.confirmEmail !== undefined && input.confirmEmail !== input.email)
          throw new ValidationError(messages.confirmEmail, "email_mismatch", "confirmEmail")
        const automaticPix = kind === "pix" && input.automaticPix ? input : null
        if (automaticPix && (!automaticPix.accountName || !automaticPix.accountDocument))
          throw new BadRequestError(automaticPixPayerMessage, "validation_error", "accountDocument")
        // A new buyer's account id is noted before the account exists, so a retry of this very
        // request whose process died, before or after creating it, uses that account.
        const earlier = attempt.earlier as { accountId: string; version: number } | null
        let who
        let newAccount = false
        if (viewer) who = await deps.checkout.resolveBuyer(viewer, input, profile, ip)
        else if (earlier?.accountId)
          who = await deps.checkout.resumeBuyer(earlier, input, profile, ip)
        else {
          const accountId = randomUUID()
          await attempt.note({ accountId, version: 0 })
          who = await deps.checkout.resolveBuyer(null, input, profile, ip, accountId)
          newAccount = true
        }
        if (who.created) await attempt.note({ accountId: who.buyer.id, version: who.version })
        try {
          const started = await deps.start({
            profile,
            plan,
            coupon,
            buyer: who.buyer,
            method: kind,
            card: kind === "credit_card" ? cardOf(input) : undefined,
            automaticPix: automaticPix
              ? { name: automaticPix.accountName!, document: automaticPix.accountDocument! }
              : undefined,
            actor: `account:${who.buyer.id}`,
            resumed: attempt.resumed,
            newAccount,
          })
          const subscription = await deps.payments.view(started.subscriptionId)
          const authorization = started.authorization
          return {
            result: {
              subscription,
              ...(who.created ? { auth: who.auth } : {}),
              ...(authorization ? { authorization } : {}),
            },
            stored: {
              subscriptionId: started.subscriptionId,
              accountId: who.buyer.id,
              signedIn: who.created,
              ...(authorization ? { authorization } : {}),
            },
          }
        } catch (error) {
          if (who.created) await deps.checkout.undoBuyer(who.buyer.id)
          throw error
        }
      },
      async (stored) => ({
        subscription: await deps.payments.view(stored.subscriptionId),
        // A replay never repeats the temporary password; it signs the buyer in again.
        ...(stored.signedIn ? { auth: { accessToken: await freshToken(stored.accountId) } } : {}),
        ...(stored.authorization ? { authorization: stored.authorization } : {}),
      }),
    )
  }

  return guestCheckout
}

export type GuestCheckoutService = ReturnType<typeof createGuestCheckout>
