import {
  GatewayDeclinedError,
  type AutomaticPixAuthorization,
  type AutomaticPixAuthorizationResult,
  type RenewalRequest,
} from "../gateway.ts"
import type { IuguClient } from "./iugu-client.ts"
import { iuguDate, subscriptionIdVariable } from "./iugu-gateway.ts"

/**
 * Pix Automático for a free trial (journey 4): the subscription carries no first invoice, only
 * the recurrence, whose QR the payer scans to authorise it; iugu's first debit is on
 * `recurrence_beginning`, the trial's end, at the plan's price.
 */
export async function authorizeAutomaticPix(
  client: IuguClient,
  ensurePlan: (plan: RenewalRequest["plan"]) => Promise<string>,
  request: AutomaticPixAuthorization,
): Promise<AutomaticPixAuthorizationResult> {
  const identifier = await ensurePlan(request.plan)
  const firstDebit = iuguDate(request.firstDebitAt)
  const created = await client.createSubscription({
    customer_id: request.customerId,
    plan_identifier: identifier,
    expires_at: firstDebit,
    payable_with: "pix",
    custom_variables: [{ name: subscriptionIdVariable, value: request.subscriptionId }],
    automatic_pix: {
      journey: 4,
      frequency: request.frequency,
      recurrence_beginning: firstDebit,
      contract_number: request.subscriptionId.replaceAll("-", "").slice(0, 35),
    },
  })
  const automatic = created.automatic_pix
  if (!automatic?.qrcode_text || !automatic.qrcode)
    throw new GatewayDeclinedError(
      "Pix Automático indisponível para este recebedor.",
      "method_unavailable",
    )
  return {
    gatewaySubscriptionId: created.id,
    recurrenceStatus: automatic.status,
    pixCode: automatic.qrcode_text,
    pixUrl: automatic.qrcode,
  }
}
