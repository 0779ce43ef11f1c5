import { createHash, randomUUID } from "node:crypto"
import type {
  CheckoutResponse,
  PaymentMethod,
  Subscription,
} from "../../../../src/domain/models.ts"
import { AppError, BadRequestError, ValidationError } from "../../errors.ts"
import { messages } from "../../../../src/domain/field-messages.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { createAuthRepository } from "../auth/auth.repository.ts"
import { createProfilesRepository } from "../profiles/profiles.repository.ts"
import type { BillingCore } from "./billing-core.ts"
import { createBillingRepository } from "./billing.repository.ts"
import type { PayerAddress } from "../../adapters/gateways/gateway.ts"
import {
  automaticPixPayerMessage,
  boletoPayerMessage,
  emailRequiredMessage,
  noCardMessage,
  subscriptionNotFoundMessage,
} from "./billing-messages.ts"
import type { CardDetails, CheckoutService, PlanRef } from "./checkout.service.ts"
import { createIdempotency } from "./idempotency.ts"
import type { SubscriptionsService } from "./subscriptions.service.ts"

export interface CardFields {
  creditCardToken?: string
  paymentMethodId?: string
  accountName?: string
  accountDocument?: string
}

/** A boleto's payer (name and CPF/CNPJ as for a card), whom the banks register with it. */
export interface BoletoFields extends Pick<CardFields, "accountName" | "accountDocument"> {
  address?: PayerAddress
}

export interface GuestCheckout extends PlanRef, CardFields {
  email?: string
  /** The new buyer's e-mail typed again: the account and its password go to that address. */
  confirmEmail?: string
  /** Bot check, needed only when the call creates the buyer's account. */
  token?: string
  /** Pix only: pay by Pix Automático (needs accountName and accountDocument). */
  automaticPix?: boolean
}

interface Stored {
  subscriptionId: string
  accountId: string
  /** The call created the account and signed the buyer in. */
  signedIn: boolean
}

const cardOf = (input: CardFields): CardDetails => ({
  token: input.creditCardToken,
  savedCardId: input.paymentMethodId,
  name: input.accountName,
  document: input.accountDocument,
})

/** The boleto's payer, or a 400 naming the first part missing; nothing is created without it. */
function boletoPayerOf(input: BoletoFields) {
  const { accountName: name, accountDocument: document, address } = input
  const missing = !name
    ? "accountName"
    : !document
      ? "accountDocument"
      : !address
        ? "address"
        : null
  if (missing) throw new BadRequestError(boletoPayerMessage, "validation_error", missing)
  return { name: name!, document: document!, address: address! }
}

/** What the routes call: each purchase with its idempotency key and the response shape of the spec. */
export function createPurchasesService(
  core: BillingCore,
  checkout: CheckoutService,
  subscriptions: SubscriptionsService,
) {
  const { deps } = core
  const idempotency = createIdempotency(deps.db, () => deps.clock.now())
  const profiles = createProfilesRepository(deps.db)
  const billingRepo = createBillingRepository(deps.db)
  // A signed-out replay signs its buyer in, so only the browser that made the first call may get
  // it: its anti-forgery cookie is part of the scope, never just an e-mail and a key.
  const scopeOf = (viewer: AuthAccount | null, email?: string, browser?: string) =>
    viewer
      ? `account:${viewer.id}`
      : `email:${email ?? ""}:browser:${createHash("sha256")
          .update(browser ?? "")
          .digest("base64url")}`

  const freshToken = async (accountId: string) => {
    const account = await createAuthRepository(deps.db).findById(accountId)
    if (!account) throw new AppError(404, subscriptionNotFoundMessage, "subscription_not_found")
    return deps.tokens.sign({
      accountId: account.id,
      role: account.role,
      version: account.tokenVersion,
    })
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
    return idempotency.run<CheckoutResponse, Stored>(
      {
        scope: scopeOf(viewer, input.email, browser),
        key,
        request: { route: `iugu:${kind}`, username, ...fingerprint },
      },
      async (attempt) => {
        if (kind === "credit_card" && !input.creditCardToken && !input.paymentMethodId)
          throw new BadRequestError(noCardMessage, "validation_error", "creditCardToken")
        const { profile, plan } = await checkout.purchase(username, input, kind, ["iugu"])
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
        if (viewer) who = await checkout.resolveBuyer(viewer, input, profile, ip)
        else if (earlier?.accountId) who = await checkout.resumeBuyer(earlier, input, profile, ip)
        else {
          const accountId = randomUUID()
          await attempt.note({ accountId, version: 0 })
          who = await checkout.resolveBuyer(null, input, profile, ip, accountId)
        }
        if (who.created) await attempt.note({ accountId: who.buyer.id, version: who.version })
        try {
          const started = await checkout.start({
            profile,
            plan,
            buyer: who.buyer,
            method: kind,
            card: kind === "credit_card" ? cardOf(input) : undefined,
            automaticPix: automaticPix
              ? { name: automaticPix.accountName!, document: automaticPix.accountDocument! }
              : undefined,
            actor: `account:${who.buyer.id}`,
            resumed: attempt.resumed,
          })
          const subscription = await core.view(started.subscriptionId)
          return {
            result: { subscription, ...(who.created ? { auth: who.auth } : {}) },
            stored: {
              subscriptionId: started.subscriptionId,
              accountId: who.buyer.id,
              signedIn: who.created,
            },
          }
        } catch (error) {
          if (who.created) await checkout.undoBuyer(who.buyer.id)
          throw error
        }
      },
      async (stored) => ({
        subscription: await core.view(stored.subscriptionId),
        // A replay never repeats the temporary password; it signs the buyer in again.
        ...(stored.signedIn ? { auth: { accessToken: await freshToken(stored.accountId) } } : {}),
      }),
    )
  }

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
    return idempotency.run<{ subscription: Subscription; url?: string }, Stored & { url?: string }>(
      { scope: scopeOf(viewer), key, request: { route, username, ...fingerprint } },
      async (attempt) => {
        const { profile, plan } = await checkout.purchase(username, input, method, gateways)
        const who = await checkout.resolveBuyer(viewer, {}, profile, "")
        const started = await checkout.start({
          profile,
          plan,
          buyer: who.buyer,
          method,
          card: method === "credit_card" ? cardOf(input) : undefined,
          boletoPayer: method === "boleto" ? boletoPayerOf(input) : undefined,
          actor: `account:${viewer.id}`,
          resumed: attempt.resumed,
        })
        const payment = await core.repo.payment(started.paymentId)
        const url = payment?.checkoutUrl ?? undefined
        return {
          result: {
            subscription: await core.view(started.subscriptionId),
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
        subscription: await core.view(stored.subscriptionId),
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
    ) => guestCheckout("credit_card", username, viewer, input, ip, key, browser),
    iuguPix: (
      username: string,
      viewer: AuthAccount | null,
      input: GuestCheckout,
      ip: string,
      key?: string,
      browser?: string,
    ) => guestCheckout("pix", username, viewer, input, ip, key, browser),

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
      const subscription = await subscriptions.own(subscriptionId, viewer)
      if (method === "boleto") boletoPayerOf(input)
      const profile = await profiles.findById(subscription.profileId)
      // A subscription whose first payment was refused has no plan yet: that payment's plan.
      const planId =
        subscription.planId ??
        (await billingRepo.viewParts(subscription)).payment?.planId ??
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
