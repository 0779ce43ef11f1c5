import { createHash } from "node:crypto"
import type { PayerAddress } from "../../adapters/gateways/gateway.ts"
import { BadRequestError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { boletoPayerMessage } from "../../shared/billing-messages.ts"
import type { CardDetails, PlanRef } from "./purchase-rules.ts"

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

export interface Stored {
  subscriptionId: string
  accountId: string
  /** The call created the account and signed the buyer in. */
  signedIn: boolean
  /** A Pix Automático trial's authorising QR, answered again to a retry. */
  authorization?: { pixCode: string; pixUrl: string }
}

export const cardOf = (input: CardFields): CardDetails => ({
  token: input.creditCardToken,
  savedCardId: input.paymentMethodId,
  name: input.accountName,
  document: input.accountDocument,
})

/** The boleto's payer, or a 400 naming the first part missing; nothing is created without it. */
export function boletoPayerOf(input: BoletoFields) {
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

// A signed-out replay signs its buyer in, so only the browser that made the first call may get
// it: its anti-forgery cookie is part of the scope, never just an e-mail and a key.
export const scopeOf = (viewer: AuthAccount | null, email?: string, browser?: string) =>
  viewer
    ? `account:${viewer.id}`
    : `email:${email ?? ""}:browser:${createHash("sha256")
        .update(browser ?? "")
        .digest("base64url")}`
