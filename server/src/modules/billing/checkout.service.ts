import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import { PAYMENT_EXPIRY_MS, PIX_CODE_TTL_MS } from "../../../../src/domain/constants.ts"
import {
  CARD_PAYMENT_ERROR,
  PIX_PAYMENT_ERROR,
  UNEXPECTED_ERROR,
} from "../../../../src/domain/messages.ts"
import type { PaymentGateway, PaymentMethod } from "../../../../src/domain/models.ts"
import {
  normalizePlanName,
  planLabel,
  planMonths,
  totalCents,
} from "../../../../src/domain/plans.ts"
import { messages } from "../../../../src/domain/validation.ts"
import { addMonths } from "../../../../src/domain/dates.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { recurrenceFrequency, type RecurrenceStatus } from "../../../../src/domain/pix-automatic.ts"
import { hasAccess, isPaymentExpired, isPixCodeExpired } from "../../../../src/domain/statuses.ts"
import { requireHuman } from "../../adapters/captcha/require-human.ts"
import {
  GatewayDeclinedError,
  GatewayNotConfiguredError,
  GatewayUnavailableError,
  type Buyer,
  type ChargeRequest,
  type ChargeResult,
  type PayerAddress,
  type Provider,
} from "../../adapters/gateways/gateway.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import { accounts } from "../../db/schema.ts"
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from "../../errors.ts"
import { recordAccess } from "../account/access-log.ts"
import { createAuthRepository } from "../auth/auth.repository.ts"
import { emailTakenMessage } from "../auth/auth.service.ts"
import { countSignupAttempt } from "../auth/signup-limit.ts"
import {
  generatedPasswordScrypt,
  generateTemporaryPassword,
  hashPassword,
} from "../../adapters/passwords/passwords.ts"
import { createProfilesRepository, type ProfileRow } from "../profiles/profiles.repository.ts"
import { profileNotFoundMessage } from "../profiles/profiles.service.ts"
import { providerOf, type BillingCore } from "./billing-core.ts"
import {
  alreadyHasAccessMessage,
  automaticPixActiveMessage,
  automaticPixUnavailableMessage,
  autoRenewingMessage,
  cardUnconfirmedMessage,
  gatewayMismatchMessage,
  gatewayNotConfiguredMessage,
  methodUnavailableMessage,
  ownProfileMessage,
  paymentInCreationMessage,
  planNotFoundMessage,
  receiptInAnalysisMessage,
  salesPausedMessage,
  savedCardNotFoundMessage,
} from "./billing-messages.ts"
import { createBillingRepository, type PaymentRow, type PlanRow } from "./billing.repository.ts"

const day = 24 * 60 * 60_000
/** A payment younger than this with nothing from the gateway yet is still being created. */
export const creationWindowMs = 60_000
/** How long an unanswered card charge blocks a new one. */
export const unconfirmedWindowMs = 60 * 60_000
/** A card charged this recently is not charged again (a second tab, a submit repeated). */
export const recentCardChargeMs = 10 * 60_000
const readyPollMs = 100
const readyWaitMs = 15_000

/** What each kind of creator account can be paid with. */
export const methodsByGateway: Record<PaymentGateway, readonly PaymentMethod[]> = {
  iugu: ["credit_card", "pix", "boleto"],
  mercadoPago: ["credit_card", "pix", "link", "boleto"],
  mercadoPagoPixOnly: ["pix"],
  bacen: ["pix"],
}

export interface Viewer {
  id: string
  email: string
}

export interface PlanRef {
  planId?: string
  planName?: string
}

export interface CardDetails {
  token?: string
  savedCardId?: string
  /** Name and CPF/CNPJ of the account holder (the gateway's customer). */
  name?: string
  document?: string
}

export interface StartInput {
  profile: ProfileRow
  plan: PlanRow
  buyer: { id: string; email: string; fullName: string | null }
  method: PaymentMethod
  card?: CardDetails
  actor: string
  /** A retry taking over from a process that died: its payment "in creation" never will be. */
  resumed?: boolean
  /** Pix Automático (journey 3): the payer's name and CPF/CNPJ, which the recurrence needs. */
  automaticPix?: { name: string; document: string }
  /** Boleto: the payer's name, CPF/CNPJ and address, without which no bank registers one. */
  boletoPayer?: { name: string; document: string; address: PayerAddress }
}

export interface Started {
  subscriptionId: string
  paymentId: string
}

const failureMessage = (method: PaymentMethod) =>
  method === "pix"
    ? PIX_PAYMENT_ERROR
    : method === "credit_card"
      ? CARD_PAYMENT_ERROR
      : UNEXPECTED_ERROR

/** A journey 3 code: it also authorises a Pix Automático recurrence (field 80). */
const carriesRecurrence = (p: PaymentRow) => {
  if (!p.pixCode) return false
  try {
    return parsePixCode(p.pixCode).recurrenceUrl !== undefined
  } catch {
    return false
  }
}

const hasGatewayData = (p: PaymentRow) =>
  !!(p.providerRef || p.providerPaymentId || p.pixCode || p.checkoutUrl || p.boletoUrl)

export function createCheckoutService(core: BillingCore) {
  const { deps, repo } = core
  const profilesRepo = createProfilesRepository(deps.db)
  const now = () => deps.clock.now()

  const inCreation = (p: PaymentRow) =>
    p.status === "pending" &&
    !hasGatewayData(p) &&
    now().getTime() - p.createdAt.getTime() < creationWindowMs

  /**
   * An iugu card charge whose answer never came: it may have gone through, and its webhook
   * (matched by our payment id) normally arrives within minutes. Until then, no new charge.
   */
  const unconfirmedCard = (p: PaymentRow) =>
    p.status === "pending" &&
    p.method === "credit_card" &&
    p.gateway === "iugu" &&
    !hasGatewayData(p) &&
    !inCreation(p) &&
    now().getTime() - p.createdAt.getTime() < unconfirmedWindowMs

  const stillPayable = (p: PaymentRow) =>
    p.method === "pix" ? !isPixCodeExpired(p, now()) : !isPaymentExpired(p.createdAt, now())

  /** The same purchase asked again (a double click, a retry): answer with the open payment. */
  const reusable = (p: PaymentRow, input: StartInput, provider: Provider) => {
    if (p.status !== "pending" || p.method !== input.method || p.gateway !== provider) return false
    if (p.planId !== input.plan.id) return false
    if (inCreation(p)) return true
    // A card typed here is charged at once: a second submission is a new attempt.
    if (p.method === "credit_card" && provider === "iugu") return false
    // Pix Automático and a one-off Pix are different codes: switching asks for the other one.
    if (p.method === "pix" && carriesRecurrence(p) !== Boolean(input.automaticPix)) return false
    return hasGatewayData(p) && stillPayable(p)
  }

  const expiresAtFor = (method: PaymentMethod, at: Date) =>
    new Date(
      at.getTime() +
        (method === "pix" ? PIX_CODE_TTL_MS : method === "boleto" ? 3 * day : PAYMENT_EXPIRY_MS),
    )

  async function findProfile(username: string) {
    const profile = await profilesRepo.findByUsername(username)
    if (!profile || profile.banned)
      throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
    return profile
  }

  /** The creator, plan and method of a purchase, checked against what the creator sells. */
  async function purchase(
    username: string,
    planRef: PlanRef,
    method: PaymentMethod,
    gateways: readonly PaymentGateway[] | null,
  ) {
    const profile = await findProfile(username)
    if (profile.migrating) throw new ConflictError(salesPausedMessage, "sales_paused")
    if (gateways && !gateways.includes(profile.paymentGateway))
      throw new ConflictError(gatewayMismatchMessage, "gateway_mismatch")
    if (!methodsByGateway[profile.paymentGateway].includes(method))
      throw new ConflictError(methodUnavailableMessage, "method_unavailable")
    const plan = await planOf(profile.id, planRef)
    return { profile, plan }
  }

  async function planOf(profileId: string, planRef: PlanRef) {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
    if (!planRef.planId && !planRef.planName)
      throw new BadRequestError(messages.required, "validation_error", "planId")
    const name = planRef.planName ? normalizePlanName(planRef.planName) : undefined
    if ((planRef.planId && !uuid.test(planRef.planId)) || name === null)
      throw new NotFoundError(planNotFoundMessage, "plan_not_found")
    const plan = await repo.plan(profileId, { id: planRef.planId, name })
    if (!plan) throw new NotFoundError(planNotFoundMessage, "plan_not_found")
    return plan
  }

  /** The signed-in buyer, or a follower account created for the e-mail (with a password to choose later). */
  async function resolveBuyer(
    viewer: Viewer | null,
    input: { email?: string; token?: string },
    profile: ProfileRow,
    ip: string,
    newAccountId?: string,
  ) {
    if (viewer) {
      if (viewer.id === profile.accountId) throw new ConflictError(ownProfileMessage, "own_profile")
      const buyer = await repo.buyer(viewer.id)
      return { buyer: buyer!, created: false as const }
    }
    const email = input.email!
    const auth = createAuthRepository(deps.db)
    // Whether the e-mail is taken is said only past the bot check, within the sign-up budget.
    await requireHuman(deps.captcha, input.token ?? "", ip)
    await countSignupAttempt(deps.limits, ip)
    if (await auth.emailExists(email))
      throw new ConflictError(emailTakenMessage, "email_taken", "email")
    const password = generateTemporaryPassword()
    try {
      const row = await auth.insertFollower({
        id: newAccountId,
        email,
        passwordHash: await hashPassword(password, generatedPasswordScrypt),
        signupFromProfileId: profile.id,
        now: now(),
      })
      await recordAccess(deps.db, { accountId: row.id, event: "signup", ip, at: now() })
      const accessToken = await deps.tokens.sign({
        accountId: row.id,
        role: row.role,
        version: row.tokenVersion,
      })
      return {
        buyer: { id: row.id, email: row.email, fullName: row.fullName },
        created: true as const,
        version: row.tokenVersion,
        auth: { accessToken, password },
      }
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(emailTakenMessage, "email_taken", "email")
      throw error
    }
  }

  /**
   * The account that an earlier attempt of this same request created before its process died:
   * the temporary password it made was never shown, so a new one is (only while unchanged).
   */
  async function resumeBuyer(
    earlier: { accountId: string; version: number },
    input: { email?: string; token?: string },
    profile: ProfileRow,
    ip: string,
  ) {
    const email = input.email!
    const auth = createAuthRepository(deps.db)
    const row = await auth.findById(earlier.accountId)
    // It died before creating the account it had noted: create it now, under that id.
    if (!row) return resolveBuyer(null, input, profile, ip, earlier.accountId)
    if (row.email !== email || row.tokenVersion !== earlier.version)
      throw new ConflictError(emailTakenMessage, "email_taken", "email")
    const password = generateTemporaryPassword()
    const { tokenVersion, role } = await auth.setPassword(
      row.id,
      await hashPassword(password, generatedPasswordScrypt),
      now(),
    )
    const accessToken = await deps.tokens.sign({ accountId: row.id, role, version: tokenVersion })
    return {
      buyer: { id: row.id, email: row.email, fullName: row.fullName },
      created: true as const,
      version: tokenVersion,
      auth: { accessToken, password },
    }
  }

  /** Phase 1, one transaction under the subscription's lock: reuse the open payment or create one. */
  async function reserve(input: StartInput, provider: Provider) {
    return deps.db.transaction(async (tx) => {
      const txRepo = createBillingRepository(tx)
      const at = now()
      const subscription = await txRepo.ensureSubscription(input.buyer.id, input.profile.id, at)
      if (subscription.status === "whitelist" && hasAccess(subscription, at))
        throw new ConflictError(alreadyHasAccessMessage, "already_subscribed")
      // A second authorisation beside an approved one would have the bank debit twice.
      if (input.automaticPix && subscription.recurrenceStatus === "APROVADA")
        throw new ConflictError(automaticPixActiveMessage, "automatic_pix_active")
      // The card renews at the gateway: any other payment now would charge the period twice.
      // A failed Pix Automático debit (unpaid, in its grace days) is paid by a one-off Pix, and
      // a period a one-off Pix or boleto paid after a cancelled card renewal renews by nothing.
      const paidOneOff =
        (subscription.paymentMethod === "pix" && subscription.recurrenceStatus !== "APROVADA") ||
        subscription.paymentMethod === "boleto"
      if (
        subscription.gatewaySubscriptionId &&
        !subscription.canceledDate &&
        !paidOneOff &&
        subscription.status !== "unpaid" &&
        hasAccess(subscription, at)
      )
        throw new ConflictError(autoRenewingMessage, "already_subscribed")

      const open = await txRepo.openPayments(subscription.id)
      if (open.some((p) => p.status === "analyzing"))
        throw new ConflictError(receiptInAnalysisMessage, "receipt_in_analysis")
      const abandoned = (p: PaymentRow) => !!input.resumed && inCreation(p)
      // A card charge may have left before the process died: never charge again blindly.
      if (open.some((p) => abandoned(p) && p.method === "credit_card" && provider === "iugu"))
        throw new ConflictError(cardUnconfirmedMessage, "payment_unconfirmed")
      const same = open.find((p) => reusable(p, input, provider) && !abandoned(p))
      if (same) return { reused: true as const, subscription, payment: same, replaced: [] }
      // The same card purchase again moments after it was paid (before its renewal is scheduled,
      // or when scheduling failed): answer the paid one instead of charging a second time.
      if (input.method === "credit_card" && provider === "iugu") {
        const paid = await txRepo.latestPaidPayment(subscription.id)
        if (
          paid?.method === "credit_card" &&
          paid.paidAt &&
          at.getTime() - paid.paidAt.getTime() < recentCardChargeMs
        ) {
          if (paid.planId !== input.plan.id)
            throw new ConflictError(alreadyHasAccessMessage, "already_subscribed")
          return { reused: true as const, subscription, payment: paid, replaced: [] }
        }
      }
      if (open.some(unconfirmedCard))
        throw new ConflictError(cardUnconfirmedMessage, "payment_unconfirmed")
      // Another method being created right now (two tabs): its code may already be on screen.
      if (open.some((p) => inCreation(p) && !abandoned(p)))
        throw new ConflictError(paymentInCreationMessage, "payment_in_progress")

      for (const old of open) {
        await core.ledger.applyLocked(txRepo, subscription, old, "canceled", {
          actor: input.actor,
          reason: "substituído por um novo pagamento",
        })
      }
      const createdAt = await txRepo.nextPaymentTime(subscription.id, at)
      const payment = await txRepo.insertPayment({
        subscriptionId: subscription.id,
        status: "pending",
        method: input.method,
        gateway: provider,
        amountCents: totalCents(input.plan),
        planId: input.plan.id,
        planName: input.plan.name,
        planValueCents: input.plan.valueCents,
        idempotencyKey: randomUUID(),
        expiresAt: expiresAtFor(input.method, createdAt),
        createdAt,
        updatedAt: at,
      })
      await txRepo.audit({
        subscriptionId: subscription.id,
        paymentId: payment.id,
        entity: "payment",
        fromStatus: null,
        toStatus: "pending",
        actor: input.actor,
        reason: "pagamento criado",
        details: { method: input.method, gateway: provider, amountCents: payment.amountCents },
        createdAt: at,
      })
      if (subscription.status !== "pending" && !hasAccess(subscription, at)) {
        await txRepo.updateSubscription(subscription.id, { status: "pending", updatedAt: at })
        await txRepo.audit({
          subscriptionId: subscription.id,
          paymentId: payment.id,
          entity: "subscription",
          fromStatus: subscription.status,
          toStatus: "pending",
          actor: input.actor,
          reason: "nova tentativa de pagamento",
          createdAt: at,
        })
      }
      return { reused: false as const, subscription, payment, replaced: open }
    })
  }

  /** A concurrent request is creating this payment at the gateway: wait for its answer. */
  async function awaitReady(paymentId: string) {
    const deadline = Date.now() + readyWaitMs
    for (;;) {
      const payment = await repo.payment(paymentId)
      if (!payment || !inCreation(payment) || Date.now() > deadline) return payment
      await new Promise((resolve) => setTimeout(resolve, readyPollMs))
    }
  }

  async function customerId(buyer: Buyer, provider: Provider) {
    const existing = await repo.customer(buyer.accountId, provider)
    if (existing) return existing.customerId
    const vault = core.gateways.get(provider).cards
    if (!vault) return undefined
    const created = await vault.createCustomer(buyer)
    await repo.insertCustomer({
      accountId: buyer.accountId,
      gateway: provider,
      customerId: created,
      createdAt: now(),
    })
    return (await repo.customer(buyer.accountId, provider))!.customerId
  }

  /** Phase 3: what the gateway answered, stored in one transaction with any status it settled. */
  async function record(payment: PaymentRow, result: ChargeResult, actor: string) {
    return deps.db.transaction(async (tx) => {
      const txRepo = createBillingRepository(tx)
      const subscription = await txRepo.lockSubscription(payment.subscriptionId)
      const locked = await txRepo.lockPayment(payment.id)
      if (!subscription || !locked) return null
      const stored = await txRepo.updatePayment(payment.id, {
        providerRef: result.providerRef,
        providerPaymentId: locked.providerPaymentId ?? result.providerPaymentId,
        pixCode: result.pixCode ?? null,
        pixUrl: result.pixUrl ?? null,
        boletoUrl: result.boletoUrl ?? null,
        checkoutUrl: result.checkoutUrl ?? null,
        txid: result.txid ?? null,
        failureReason: result.failureReason ?? null,
        updatedAt: now(),
      })
      let current = subscription
      if (result.gatewaySubscriptionId) {
        current = await txRepo.updateSubscription(subscription.id, {
          gateway: payment.gateway,
          gatewaySubscriptionId: result.gatewaySubscriptionId,
          updatedAt: now(),
        })
      }
      if (result.status === "pending") return null
      return core.ledger.applyLocked(txRepo, current, stored, result.status, {
        actor,
        reason: result.failureReason ?? `${payment.gateway}: ${result.status}`,
      })
    })
  }

  /**
   * A new code replaces a Pix Automático authorisation never approved (CRIADA): it is stopped at
   * the gateway so the old QR can no longer authorise. Without a new authorisation (a one-off
   * Pix), a recurrence that is not approved is forgotten: the subscription is plain Pix again.
   * An approved recurrence stays (its one-off Pix pays a failed debit).
   */
  async function leaveUnapprovedRecurrence(
    subscription: Awaited<ReturnType<typeof reserve>>["subscription"],
    automatic: boolean,
  ) {
    const status = subscription.recurrenceStatus
    if (!status || status === "APROVADA") return
    if (status === "CRIADA" && subscription.gateway && subscription.gatewaySubscriptionId) {
      await core.gateways
        .get(subscription.gateway as Provider)
        .cancelRecurrence(subscription.gatewaySubscriptionId)
        .catch((err) =>
          deps.log.warn(
            { err, subscriptionId: subscription.id },
            "autorização de Pix Automático substituída não foi suspensa no gateway",
          ),
        )
    }
    if (automatic) return
    await repo.updateSubscription(subscription.id, {
      recurrenceStatus: null,
      gatewaySubscriptionId: null,
      updatedAt: now(),
    })
  }

  /** Reserve, charge, record: the one way a payment starts. */
  async function start(input: StartInput): Promise<Started> {
    const provider = providerOf(input.profile.paymentGateway)
    const reserved = await reserve(input, provider)
    const ids = { subscriptionId: reserved.subscription.id, paymentId: reserved.payment.id }
    if (reserved.reused) {
      await awaitReady(reserved.payment.id)
      return ids
    }
    const gateway = core.gateways.get(provider)
    for (const old of reserved.replaced) {
      if (old.providerRef)
        gateway
          .cancelPayment(old.providerRef, old.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: old.id }, "cancelamento no gateway falhou"),
          )
    }
    const payment = reserved.payment
    const buyer: Buyer = {
      accountId: input.buyer.id,
      email: input.buyer.email,
      name:
        input.automaticPix?.name ??
        input.boletoPayer?.name ??
        input.card?.name ??
        input.buyer.fullName,
      document:
        input.automaticPix?.document ?? input.boletoPayer?.document ?? input.card?.document ?? null,
      address: input.boletoPayer?.address ?? null,
    }
    const automatic = input.method === "pix" && input.automaticPix ? gateway.automaticPix : null
    if (input.method === "pix" && input.automaticPix && !automatic)
      throw new GatewayDeclinedError(automaticPixUnavailableMessage, "method_unavailable")
    await leaveUnapprovedRecurrence(reserved.subscription, Boolean(automatic))
    let customer: string | undefined
    let charging = false
    const username = input.profile.username
    try {
      if ((input.method === "credit_card" || automatic) && gateway.cards) {
        customer = await customerId(buyer, provider)
        if (input.card?.savedCardId) {
          const cards = await gateway.cards.listCards(customer!)
          if (!cards.some((card) => card.id === input.card!.savedCardId))
            throw new GatewayDeclinedError(savedCardNotFoundMessage, "card_not_found")
        }
      }
      charging = true
      const request: ChargeRequest = {
        paymentId: payment.id,
        idempotencyKey: payment.idempotencyKey!,
        method: input.method,
        amountCents: payment.amountCents,
        description: `Close Friends @${username} - ${planLabel(input.plan.name)}`,
        plan: {
          id: input.plan.id,
          name: input.plan.name,
          months: planMonths(input.plan.name),
        },
        buyer,
        seller: {
          profileId: input.profile.id,
          username,
          fullName: input.profile.fullName,
          pixType: input.profile.pixType,
          pixKey: input.profile.pixKey,
        },
        now: payment.createdAt,
        expiresAt: payment.expiresAt!,
        returnUrl: `${deps.config.publicUrl}/${username}/payment/status`,
        notificationUrl: `${deps.config.publicUrl}/v1/webhooks/${provider === "iugu" ? "iugu" : "mercadopago"}`,
        card: input.card
          ? { token: input.card.token, savedCardId: input.card.savedCardId, customerId: customer }
          : undefined,
      }
      const result: ChargeResult & { recurrenceStatus?: RecurrenceStatus } = automatic
        ? await automatic.start({
            charge: request,
            customerId: customer!,
            subscriptionId: reserved.subscription.id,
            frequency: recurrenceFrequency(input.plan.name),
            firstDebitAt: addMonths(payment.createdAt, planMonths(input.plan.name)),
          })
        : await gateway.charge(request)
      if (result.recurrenceStatus) {
        await repo.updateSubscription(reserved.subscription.id, {
          recurrenceStatus: result.recurrenceStatus,
          updatedAt: now(),
        })
      }
      const settled = await record(payment, result, input.actor)
      if (settled?.changed) await core.notify(settled)
      const latest = await repo.payment(payment.id)
      if (latest && latest.status === "canceled" && result.providerRef) {
        // Cancelled while the gateway was creating it: stop it there too.
        await gateway
          .cancelPayment(result.providerRef, input.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: payment.id }, "cancelamento no gateway falhou"),
          )
      }
      if (result.status === "failed")
        throw new ValidationError(
          result.failureReason ?? failureMessage(input.method),
          "payment_declined",
        )
      if (settled?.changed && settled.payment.status === "paid" && provider === "iugu")
        await core.scheduleCardRenewal(payment.id)
      return ids
    } catch (error) {
      if (error instanceof AppError) throw error
      if (error instanceof GatewayDeclinedError) {
        await core.transition(payment.id, "failed", {
          actor: input.actor,
          reason: error.message,
          changes: { failureReason: error.message },
        })
        throw new ValidationError(error.message, error.code, error.field)
      }
      if (
        charging &&
        error instanceof GatewayUnavailableError &&
        input.method === "credit_card" &&
        provider === "iugu"
      ) {
        // The charge may exist: keep it pending for the webhook or the reconciliation job.
        deps.log.error({ err: error, paymentId: payment.id }, "cobrança no cartão sem resposta")
        return ids
      }
      await core.transition(payment.id, "failed", {
        actor: input.actor,
        reason: error instanceof Error ? error.message : "erro no gateway",
        changes: { failureReason: "gateway indisponível" },
      })
      if (error instanceof GatewayNotConfiguredError)
        throw new AppError(503, gatewayNotConfiguredMessage, "gateway_not_configured")
      if (error instanceof GatewayUnavailableError) {
        deps.log.error({ err: error, paymentId: payment.id }, "gateway indisponível")
        throw new AppError(502, failureMessage(input.method), "gateway_unavailable")
      }
      throw error
    }
  }

  /** Deletes a follower account this request created when its purchase failed, so a retry starts clean. */
  async function undoBuyer(accountId: string) {
    await deps.db.delete(accounts).where(eq(accounts.id, accountId))
  }

  return {
    findProfile,
    purchase,
    planOf,
    resolveBuyer,
    resumeBuyer,
    start,
    undoBuyer,
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
