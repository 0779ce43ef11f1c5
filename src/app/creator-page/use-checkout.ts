import { useNavigate } from "../routing/route-views.tsx"
import { mutate } from "swr"
import { keys } from "../../api/keys.ts"
import { UNEXPECTED_ERROR } from "../../domain/messages.ts"
import type { CheckoutResponse } from "../../domain/models.ts"
import type { CheckoutSubmission } from "../../screens/checkout/checkout-screen.tsx"
import { track } from "../analytics.ts"
import { botCheckToken } from "../bot-check.ts"
import { signIn } from "../session.ts"
import { viewer } from "../stores/auth-store.ts"
import { creatorPaths } from "./paths.ts"
import { recurrenceFrequency } from "../../domain/pix-automatic.ts"
import { totalCents } from "../../domain/plans.ts"
import type { PixTrialAuthorizationScreenProps } from "../../screens/checkout/pix-trial-authorization-screen.tsx"

/** A Pix Automático trial's authorisation, shown instead of the Pix page. */
export type TrialAuthorization = Pick<
  PixTrialAuthorizationScreenProps,
  "pixCode" | "firstDebitAt" | "amountCents" | "frequency"
> & { subscriptionId: string; successPath: string }

/**
 * The payment calls and the card session, with the schemas that check their answers: asked for
 * when the buyer starts filling the checkout (and at the latest on "Assinar"), not on its first
 * load.
 */
export const loadCheckoutCalls = () =>
  Promise.all([import("../../api/iugu.ts"), import("../card-tokenizer.ts")])

/** Starts that load early; a failure is left to "Assinar", which asks again. */
export const preloadCheckoutCalls = () => {
  loadCheckoutCalls().catch(() => undefined)
}

/**
 * "Assinar" on the checkout (spec §4): Pix goes to the Pix page, card to success (or to the
 * status page while the card is still in analysis). A token in the answer signs the buyer in,
 * and the temporary password travels as `code` so the buyer can choose their own afterwards.
 */
export function useCheckout(
  username: string,
  onTrialAuthorization?: (trial: TrialAuthorization) => void,
) {
  const navigate = useNavigate()
  const paths = creatorPaths(username)

  const settle = async ({ subscription, auth }: CheckoutResponse) => {
    if (auth?.accessToken) await signIn(auth.accessToken)
    await mutate(keys.subscription(username, viewer()), subscription, { revalidate: false })
    return auth?.password ?? null
  }

  return async ({ plan, method, card, automaticPix, coupon, ...identity }: CheckoutSubmission) => {
    const [{ createIuguCardSubscription, createIuguPixSubscription }, { paymentSessionId }] =
      await loadCheckoutCalls()
    // A new buyer's confirmation travels too: the server refuses one that differs.
    const buyer = {
      ...identity,
      planName: plan.name,
      token: await botCheckToken(),
      ...(coupon ? { coupon } : {}),
    }
    // One key per submission: a repeated request is answered once, never charged twice.
    const key = crypto.randomUUID()
    if (method === "pix") {
      const body = automaticPix ? { ...buyer, automaticPix: true as const, ...automaticPix } : buyer
      const result = await createIuguPixSubscription(username, body, key)
      const code = await settle(result)
      const trialEnd = result.subscription.currentPeriodEnd
      // A free trial on Pix Automático pays nothing: its QR only authorises the recurrence.
      if (result.authorization && trialEnd && onTrialAuthorization) {
        onTrialAuthorization({
          subscriptionId: result.subscription.id,
          pixCode: result.authorization.pixCode,
          firstDebitAt: trialEnd,
          amountCents: totalCents(plan),
          frequency: recurrenceFrequency(plan.name),
          successPath: paths.checkoutSuccess(code),
        })
        return
      }
      await navigate(paths.checkoutPix(code))
    } else if (method === "credit_card" && card) {
      track("payment_credit", username)
      const result = await createIuguCardSubscription(
        username,
        {
          ...buyer,
          creditCardToken: card.token,
          sessionId: paymentSessionId(),
          accountName: card.accountName,
          accountDocument: card.accountDocument,
          cardHolderName: card.cardHolderName,
          cardBin: card.bin,
          cardEnd: card.last4,
        },
        key,
      )
      const code = await settle(result)
      // A free trial has nothing to pay yet: its access starts like a paid one's.
      const paid =
        result.subscription.payment?.status === "paid" || result.subscription.status === "trialing"
      await navigate(paid ? paths.checkoutSuccess(code) : paths.paymentStatus)
    } else {
      // A card method always carries its card; anything else never reaches here.
      throw new Error(UNEXPECTED_ERROR)
    }
  }
}
