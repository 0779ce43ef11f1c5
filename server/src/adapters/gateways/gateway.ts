import type {
  PaymentMethod,
  PaymentStatus,
  PixKeyType,
  PlanName,
  SavedCard,
} from "../../../../src/domain/models.ts"
import type { RecurrenceFrequency, RecurrenceStatus } from "../../../../src/domain/pix-automatic.ts"

/** Who settles a payment. Both Mercado Pago profile kinds charge through the same account. */
export type Provider = "iugu" | "mercadoPago" | "bacen"

export interface Buyer {
  accountId: string
  email: string
  name: string | null
  /** CPF or CNPJ, digits only, when the buyer gave one. */
  document: string | null
  /** Where the buyer lives: banks register no boleto without it (BCB rules since 2024). */
  address?: PayerAddress | null
}

/** A Brazilian postal address as both gateways take it for a boleto's payer. */
export interface PayerAddress {
  /** CEP, 8 digits. */
  zipCode: string
  street: string
  number: string
  complement?: string
  neighborhood: string
  city: string
  /** UF, two upper-case letters. */
  state: string
}

export interface Seller {
  profileId: string
  username: string
  fullName: string
  pixType: PixKeyType | null
  pixKey: string | null
}

export interface CardInput {
  /** Single-use token made in the browser (iugu.js). */
  token?: string
  /** A card the buyer saved before (iugu payment method id). */
  savedCardId?: string
  /** The buyer's customer id at the gateway (iugu), needed to save or use a card. */
  customerId?: string
}

export interface ChargeRequest {
  /** Our payment id: travels as external_reference / custom variable so a webhook finds it. */
  paymentId: string
  /** Sent with the creation so a retried call never creates a second charge. */
  idempotencyKey: string
  method: PaymentMethod
  /** This charge: the first one may carry a coupon's discount. */
  amountCents: number
  /** What each renewal charges: the plan's price with the fee, never discounted. */
  recurringAmountCents: number
  description: string
  plan: { id: string; name: PlanName; months: number }
  buyer: Buyer
  seller: Seller
  now: Date
  /** When the Pix code or boleto stops being payable. */
  expiresAt: Date
  /** Where a gateway checkout page sends the buyer back. */
  returnUrl: string
  notificationUrl: string
  card?: CardInput
}

export interface ChargeResult {
  status: PaymentStatus
  providerRef: string | null
  providerPaymentId: string | null
  pixCode?: string | null
  pixUrl?: string | null
  boletoUrl?: string | null
  checkoutUrl?: string | null
  txid?: string | null
  /** The gateway's recurring object that renews this purchase (Mercado Pago preapproval). */
  gatewaySubscriptionId?: string | null
  failureReason?: string | null
}

/** A gateway payment as re-fetched from the gateway: the only version we trust. */
export interface ProviderPayment {
  providerPaymentId: string
  status: PaymentStatus
  /** Our payment id, when the gateway carries it. */
  paymentRef: string | null
  /** The gateway's recurring object that produced it (renewals). */
  gatewaySubscriptionId: string | null
  /** Our subscription id, when that recurring object carries it (iugu's custom variable). */
  subscriptionRef?: string | null
  amountCents: number
  method: PaymentMethod
}

/** A payment of ours whose gateway id never reached us, to look it up by our own reference. */
export interface PaymentReference {
  /** Our payment id: sent as `external_reference` (Mercado Pago) or the `payment_id` custom variable (iugu). */
  paymentId: string
  method: PaymentMethod
  buyerEmail: string
  /** The buyer's customer at the gateway, when there is one (iugu cards). */
  customerId: string | null
  /** When it was created here: the gateway's side cannot be older. */
  createdAt: Date
}

export interface RenewalRequest {
  customerId: string
  plan: { id: string; name: PlanName; months: number; amountCents: number; description: string }
  /** First automatic charge: the end of the period just paid. */
  startsAt: Date
  subscriptionId: string
}

/** Pix Automático, journey 3: one QR pays the first period and authorises the recurrence. */
export interface AutomaticPixRequest {
  charge: ChargeRequest
  /** The buyer's customer at the gateway, with name and CPF/CNPJ. */
  customerId: string
  subscriptionId: string
  frequency: RecurrenceFrequency
  /** The second period's debit: the end of the period the QR pays. */
  firstDebitAt: Date
}

export interface AutomaticPixResult extends ChargeResult {
  gatewaySubscriptionId: string
  recurrenceStatus: RecurrenceStatus
}

/** A recurrence authorised now whose first debit waits for a free trial's end (journey 4). */
export interface AutomaticPixAuthorization {
  customerId: string
  subscriptionId: string
  frequency: RecurrenceFrequency
  /** The trial's end: the first debit, at the plan's price. */
  firstDebitAt: Date
  plan: RenewalRequest["plan"]
}

export interface AutomaticPixAuthorizationResult {
  gatewaySubscriptionId: string
  recurrenceStatus: RecurrenceStatus
  /** The QR (copia e cola and image) that authorises the recurrence without paying anything. */
  pixCode: string
  pixUrl: string
}

export interface AutomaticPixGateway {
  start(request: AutomaticPixRequest): Promise<AutomaticPixResult>
  /** Journey 4: the authorisation alone, for a trial; the first debit comes at its end. */
  authorize?(request: AutomaticPixAuthorization): Promise<AutomaticPixAuthorizationResult>
  /** Null when the gateway does not know the recurrence. */
  status(gatewaySubscriptionId: string): Promise<RecurrenceStatus | null>
}

export interface Gateway {
  readonly provider: Provider
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** Null when the gateway does not know the id (or has nothing to fetch, like a static Pix). */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null>
  /**
   * The gateway's payments made for one of ours, found by our reference: what a lost answer or
   * lost notifications never told us (a card page paid, a charge whose answer timed out). Empty
   * when there are none, or nothing to search (a static Pix).
   */
  findPayments(reference: PaymentReference): Promise<ProviderPayment[]>
  /** Best effort: a payment we no longer want paid (replaced or expired). */
  cancelPayment(providerRef: string, method: PaymentMethod): Promise<void>
  /** Stops automatic renewals. */
  cancelRecurrence(gatewaySubscriptionId: string): Promise<void>
  /** Whether a recurring object was cancelled at the gateway (its own page, support). */
  isRecurrenceCancelled?(gatewaySubscriptionId: string): Promise<boolean>
  /** Card renewals through the gateway after the first payment (iugu). */
  scheduleRenewal?(request: RenewalRequest): Promise<string>
  /** Recurring Pix, where the gateway offers it (iugu `automatic_pix`). */
  automaticPix?: AutomaticPixGateway
  cards?: CardVault
}

/** Customers and saved cards at a gateway that keeps them (iugu). */
export interface CardVault {
  createCustomer(buyer: Buyer): Promise<string>
  saveCard(customerId: string, token: string): Promise<SavedCard>
  listCards(customerId: string): Promise<SavedCard[]>
}

/** The gateway refused the request for good (declined card, invalid token): do not retry. */
export class GatewayDeclinedError extends Error {
  constructor(
    message: string,
    readonly code = "payment_declined",
    readonly field?: string,
  ) {
    super(message)
    this.name = "GatewayDeclinedError"
  }
}

/** No answer we can trust (network, timeout, 5xx): the charge may or may not exist. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "GatewayUnavailableError"
  }
}

/** The gateway has no credentials in this deployment (live mode without its env vars). */
export class GatewayNotConfiguredError extends Error {
  constructor(readonly provider: Provider) {
    super(`${provider} sem credenciais`)
    this.name = "GatewayNotConfiguredError"
  }
}
