import type { PaymentMethod, Subscription } from "../../../../src/domain/models.ts"
import { AppError, BadRequestError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { noCardMessage } from "../../shared/billing-messages.ts"
import type { CreatorDirectory } from "../payments/billing-ports.ts"
import type { BillingRepository } from "../payments/billing.repository.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts"
import type { CheckoutService } from "./checkout.service.ts"
import type { GuestCheckoutService } from "./guest-checkout.service.ts"
import type { Idempotency } from "./idempotency.ts"
import type { StartPayment } from "./payment-start.service.ts"
import {
  boletoPayerOf,
  cardOf,
  scopeOf,
  type BoletoFields,
  type CardFields,
  type GuestCheckout,
  type Stored,
} from "./purchase-inputs.ts"
import type { PlanRef } from "./purchase-rules.ts"

/** What the routes call: each purchase with its idempotency key and the response shape of the spec. */
export function createPurchasesService(deps: {
  repo: BillingRepository
  checkout: CheckoutService
  guestCheckout: GuestCheckoutService
  start: StartPayment
  payments: PaymentsService
  subscriptions: Pick<SubscriptionsService, "own">
  creators: CreatorDirectory
  idempotency: Idempotency
}) {
  /** A signed-in purchase; `url` when the buyer continues on the gateway's page. */
  async function signedIn(
    route: string,
    username: string,
    viewer: AuthAccount,
    method: PaymentMethod,
    input: PlanRef & CardFields & BoletoFields,
    gateways: Parameters<CheckoutService["purchase"]>[3],
    key: string | undefined,
  ): Promise<{ subscription: Subscription; url?: string }> {
    const { creditCardToken: _card, ...fingerprint } = input
    return deps.idempotency.run<
      { subscription: Subscription; url?: string },
      Stored & { url?: string }
    >(
      { scope: scopeOf(viewer), key, request: { route, username, ...fingerprint } },
      async (attempt) => {
        const { profile, plan, coupon } = await deps.checkout.purchase(
          username,
          input,
          method,
          gateways,
        )
        const who = await deps.checkout.resolveBuyer(viewer, {}, profile, "")
        const started = await deps.start({
          profile,
          plan,
          coupon,
          buyer: who.buyer,
          method,
          card: method === "credit_card" ? cardOf(input) : undefined,
          boletoPayer: method === "boleto" ? boletoPayerOf(input) : undefined,
          actor: `account:${viewer.id}`,
          resumed: attempt.resumed,
        })
        const payment = started.paymentId ? await deps.repo.payment(started.paymentId) : null
        const url = payment?.checkoutUrl ?? undefined
        return {
          result: {
            subscription: await deps.payments.view(started.subscriptionId),
            ...(url ? { url } : {}),
          },
          stored: {
            subscriptionId: started.subscriptionId,
            accountId: viewer.id,
            signedIn: false,
            url,
          },
        }
      },
      async (stored) => ({
        subscription: await deps.payments.view(stored.subscriptionId),
        ...(stored.url ? { url: stored.url } : {}),
      }),
    )
  }

  return {
    iuguCard: (
      username: string,
      viewer: AuthAccount | null,
      input: GuestCheckout,
      ip: string,
      key?: string,
      browser?: string,
    ) => deps.guestCheckout("credit_card", username, viewer, input, ip, key, browser),
    iuguPix: (
      username: string,
      viewer: AuthAccount | null,
      input: GuestCheckout,
      ip: string,
      key?: string,
      browser?: string,
    ) => deps.guestCheckout("pix", username, viewer, input, ip, key, browser),

    async mercadoPagoPix(username: string, viewer: AuthAccount, input: PlanRef, key?: string) {
      const done = await signedIn(
        "mp:pix",
        username,
        viewer,
        "pix",
        input,
        ["mercadoPago", "mercadoPagoPixOnly"],
        key,
      )
      return done.subscription
    },

    async mercadoPagoRedirect(
      method: "credit_card" | "link",
      username: string,
      viewer: AuthAccount,
      input: PlanRef,
      key?: string,
    ) {
      const done = await signedIn(
        `mp:${method}`,
        username,
        viewer,
        method,
        input,
        ["mercadoPago"],
        key,
      )
      if (!done.url)
        throw new AppError(502, "Não foi possível abrir o pagamento agora.", "gateway_unavailable")
      return { url: done.url, subscription: done.subscription }
    },

    /** A new Pix with whatever the creator receives by (her gateway or her own key). */
    async pix(username: string, viewer: AuthAccount, input: PlanRef, key?: string) {
      return (await signedIn("pix", username, viewer, "pix", input, null, key)).subscription
    },

    /**
     * A boleto from a follower who may have no subscription yet: the purchase creates or reuses
     * the pending one. The payer is checked first, so a form missing a part writes nothing.
     */
    async boleto(
      username: string,
      viewer: AuthAccount,
      input: PlanRef & BoletoFields,
      key?: string,
    ) {
      boletoPayerOf(input)
      return signedIn("boleto", username, viewer, "boleto", input, null, key)
    },

    /** Pays an existing subscription again (after a failure, or to renew) by card or boleto. */
    async payExisting(
      method: "credit_card" | "boleto",
      subscriptionId: string,
      viewer: AuthAccount,
      input: PlanRef & CardFields & BoletoFields,
      key?: string,
    ) {
      const subscription = await deps.subscriptions.own(subscriptionId, viewer)
      if (method === "boleto") boletoPayerOf(input)
      const profile = await deps.creators.byId(subscription.profileId)
      // A subscription whose first payment was refused has no plan yet: that payment's plan.
      const planId =
        subscription.planId ??
        (await deps.repo.viewParts(subscription)).payment?.planId ??
        undefined
      const planRef = input.planId || input.planName ? input : { planId }
      if (
        method === "credit_card" &&
        profile?.paymentGateway === "iugu" &&
        !input.creditCardToken &&
        !input.paymentMethodId
      )
        throw new BadRequestError(noCardMessage, "validation_error", "creditCardToken")
      return signedIn(
        `subscription:${method}:${subscriptionId}`,
        profile!.username,
        viewer,
        method,
        { ...input, ...planRef },
        null,
        key,
      )
    },
  }
}

export type PurchasesService = ReturnType<typeof createPurchasesService>
