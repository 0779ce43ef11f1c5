import { PAYMENT_EXPIRY_MS, PIX_CODE_TTL_MS } from "../../../../src/domain/constants.ts"
import {
  CARD_PAYMENT_ERROR,
  PIX_PAYMENT_ERROR,
  UNEXPECTED_ERROR,
} from "../../../../src/domain/messages.ts"
import type { PaymentGateway, PaymentMethod } from "../../../../src/domain/models.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { isPaymentExpired, isPixCodeExpired } from "../../../../src/domain/statuses.ts"
import type { PayerAddress, Provider } from "../../adapters/gateways/gateway.ts"
import type { AppliedCoupon } from "../coupons/coupons.service.ts"
import type { ProfileRow } from "../payments/billing-ports.ts"
import type { PaymentRow, PlanRow } from "../payments/billing.repository.ts"

const day = 24 * 60 * 60_000
/** A payment younger than this with nothing from the gateway yet is still being created. */
export const creationWindowMs = 60_000
/** How long an unanswered card charge blocks a new one. */
export const unconfirmedWindowMs = 60 * 60_000
/** A card charged this recently is not charged again (a second tab, a submit repeated). */
export const recentCardChargeMs = 10 * 60_000

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
  /** A coupon code typed or brought by a link: a discount on the first period. */
  coupon?: string
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
  /** The buyer's account was created by this very request: she has no subscription yet. */
  newAccount?: boolean
  /** Pix Automático (journey 3): the payer's name and CPF/CNPJ, which the recurrence needs. */
  automaticPix?: { name: string; document: string }
  /** The coupon this purchase carries, and the first charge it makes. */
  coupon?: AppliedCoupon
  /** Boleto: the payer's name, CPF/CNPJ and address, without which no bank registers one. */
  boletoPayer?: { name: string; document: string; address: PayerAddress }
}

export interface Started {
  subscriptionId: string
  /** Null for a free trial: nothing is charged until it ends. */
  paymentId: string | null
  /** A trial on Pix Automático: the QR that authorises the recurrence, paying nothing now. */
  authorization?: { pixCode: string; pixUrl: string }
}

export const failureMessage = (method: PaymentMethod) =>
  method === "pix"
    ? PIX_PAYMENT_ERROR
    : method === "credit_card"
      ? CARD_PAYMENT_ERROR
      : UNEXPECTED_ERROR

/** A journey 2, 3 or 4 code: it authorises a Pix Automático recurrence (field 80). */
const carriesRecurrence = (p: PaymentRow) => {
  if (!p.pixCode) return false
  try {
    return parsePixCode(p.pixCode).recurrenceUrl !== undefined
  } catch {
    return false
  }
}

export const hasGatewayData = (p: PaymentRow) =>
  !!(p.providerRef || p.providerPaymentId || p.pixCode || p.checkoutUrl || p.boletoUrl)

/** Created moments ago with nothing from the gateway yet: another request is creating it. */
export const isInCreation = (p: PaymentRow, now: Date) =>
  p.status === "pending" &&
  !hasGatewayData(p) &&
  now.getTime() - p.createdAt.getTime() < creationWindowMs

/**
 * An iugu card charge whose answer never came: it may have gone through, and its webhook
 * (matched by our payment id) normally arrives within minutes. Until then, no new charge.
 */
export const isUnconfirmedCard = (p: PaymentRow, now: Date) =>
  p.status === "pending" &&
  p.method === "credit_card" &&
  p.gateway === "iugu" &&
  !hasGatewayData(p) &&
  !isInCreation(p, now) &&
  now.getTime() - p.createdAt.getTime() < unconfirmedWindowMs

const stillPayable = (p: PaymentRow, now: Date) =>
  p.method === "pix" ? !isPixCodeExpired(p, now) : !isPaymentExpired(p.createdAt, now)

/** The same purchase asked again (a double click, a retry): answer with the open payment. */
export const isReusable = (
  p: PaymentRow,
  input: StartInput,
  provider: Provider,
  clock: () => Date,
) => {
  if (p.status !== "pending" || p.method !== input.method || p.gateway !== provider) return false
  if (p.planId !== input.plan.id) return false
  // With or without a coupon, or another one: a different amount.
  if (p.couponId !== (input.coupon?.id ?? null)) return false
  if (isInCreation(p, clock())) return true
  // A card typed here is charged at once: a second submission is a new attempt.
  if (p.method === "credit_card" && provider === "iugu") return false
  // Pix Automático and a one-off Pix are different codes: switching asks for the other one.
  if (p.method === "pix" && carriesRecurrence(p) !== Boolean(input.automaticPix)) return false
  return hasGatewayData(p) && stillPayable(p, clock())
}

export const expiresAtFor = (method: PaymentMethod, at: Date) =>
  new Date(
    at.getTime() +
      (method === "pix" ? PIX_CODE_TTL_MS : method === "boleto" ? 3 * day : PAYMENT_EXPIRY_MS),
  )
