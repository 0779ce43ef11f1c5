import { randomUUID } from "node:crypto"
import { buildPixCode } from "../../../../../src/domain/pix.ts"

/** Test cards of the sandbox: this number is declined, any other valid one is approved. */
export const sandboxDeclinedCard = "4000000000000002"
export const sandboxApprovedCard = "4111111111111111"

/** An id like the gateways' own: 32 upper-case hex characters. */
export const simulatorId = () => randomUUID().replaceAll("-", "").toUpperCase()

/**
 * A dynamic BR Code the way a PSP issues one (single use, location URL, amount), valid byte for
 * byte; the location points nowhere, so no bank app can actually pay it.
 */
export function sandboxPixCode(id: string, amountCents: number, recurrenceId?: string): string {
  return buildPixCode({
    url: `pix.sandbox.closer.app.br/qr/v2/${id.toLowerCase()}`,
    // Journey 3 of Pix Automático: the same scan authorises the recurrence (field 80).
    ...(recurrenceId
      ? { recurrenceUrl: `pix.sandbox.closer.app.br/qr/v2/rec/${recurrenceId.toLowerCase()}` }
      : {}),
    name: "Closer Pagamentos",
    city: "Sao Paulo",
    amountCents,
    singleUse: true,
  })
}
