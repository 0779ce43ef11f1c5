import { sandboxPixCode } from "../sandbox/sandbox-pix.ts"
import type { IuguAutomaticPixBody, IuguSubscription, IuguSubscriptionBody } from "./iugu-types.ts"

/**
 * The simulator's journey 4: a recurrence waiting for the payer (CRIADA) with no first invoice,
 * only a QR that authorises it; the first debit is on `recurrence_beginning` (`renewDue`).
 */
export function journeyFourSubscription(
  body: IuguSubscriptionBody & { automatic_pix: IuguAutomaticPixBody },
  ids: { id: string; recurrenceId: string },
  publicUrl: string,
): IuguSubscription {
  return {
    id: ids.id,
    customer_id: body.customer_id,
    plan_identifier: body.plan_identifier,
    expires_at: body.automatic_pix.recurrence_beginning,
    active: true,
    suspended: false,
    custom_variables: body.custom_variables ?? [],
    automatic_pix: {
      ...body.automatic_pix,
      status: "CRIADA",
      recurrence_id: ids.recurrenceId,
      qrcode: `${publicUrl}/v1/sandbox/qrcode/iugu/${ids.recurrenceId}.png`,
      // Nothing is paid now: the code carries the authorisation alone, with no amount.
      qrcode_text: sandboxPixCode(ids.id, undefined, ids.recurrenceId),
    },
    recent_invoices: [],
  }
}
