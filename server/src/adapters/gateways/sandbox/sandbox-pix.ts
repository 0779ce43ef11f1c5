import { randomUUID } from "node:crypto"
import { buildPixCode } from "../../../../../src/domain/pix.ts"

/** Test cards of the sandbox: this number is declined, any other valid one is approved. */
export const sandboxDeclinedCard = "4000000000000002"
export const sandboxApprovedCard = "4111111111111111"

/** An id like the gateways' own: 32 upper-case hex characters. */
export const simulatorId = () => randomUUID().replaceAll("-", "").toUpperCase()

/**
 * A dynamic BR Code the way a PSP issues one (single use, location URL, amount), valid byte for
 * byte; the location points nowhere, so no bank app can actually pay it. Without an amount it
 * pays nothing: Pix Automático's journey 4, the authorisation alone.
 */
export function sandboxPixCode(id: string, amountCents?: number, recurrenceId?: string): string {
  return buildPixCode({
    url: `pix.sandbox.closer.app.br/qr/v2/${id.toLowerCase()}`,
    // Journey 3 of Pix Automático: the same scan authorises the recurrence (field 80).
    ...(recurrenceId
      ? { recurrenceUrl: `pix.sandbox.closer.app.br/qr/v2/rec/${recurrenceId.toLowerCase()}` }
      : {}),
    name: "Closer Pagamentos",
    city: "Sao Paulo",
    ...(amountCents === undefined ? {} : { amountCents }),
    singleUse: true,
  })
}

/** A boleto paid at the bank, waiting for the bank's compensation. */
export interface BankPayment {
  id: string
  paidAt: string
  compensatesAt: string
  done: boolean
}

const day = 24 * 60 * 60_000

/** Saturday or Sunday in São Paulo (UTC-3 all year): no bank compensates then. */
const isWeekend = (at: Date) => {
  const weekday = new Date(at.getTime() - 3 * 60 * 60_000).getUTCDay()
  return weekday === 0 || weekday === 6
}

/** `at` moved forward by this many business days. */
export function addBusinessDays(at: Date, days: number): Date {
  let result = at
  for (let left = days; left > 0;) {
    result = new Date(result.getTime() + day)
    if (!isWeekend(result)) left--
  }
  return result
}

/**
 * A boleto paid at the bank is compensated 1 to 3 business days later (what the checkout
 * promises); the sandbox takes the number of days from the boleto's id, so each keeps its own.
 */
export function bankCompensation(id: string, paidAt: Date): BankPayment {
  const days = 1 + ([...id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 3)
  return {
    id,
    paidAt: paidAt.toISOString(),
    compensatesAt: addBusinessDays(paidAt, days).toISOString(),
    done: false,
  }
}
