import type { Gateways } from "../../adapters/gateways/build-gateways.ts"

/** A request to our own webhook route, as a gateway would make it (sandbox simulators). */
export type DeliverWebhook = (request: {
  url: string
  headers: Record<string, string>
  payload: string
}) => Promise<{ statusCode: number }>

/** The sandbox's due renewals and compensated boletos, delivered to our webhooks; null when live. */
export function createSandboxRenewals(deps: { gateways: Gateways; deliver: DeliverWebhook }) {
  if (!deps.gateways.sandbox) return null
  const { gateways, deliver } = deps
  /**
   * In the sandbox the simulators charge due card renewals and approve the boletos the bank has
   * compensated, and notify us like the real ones.
   */
  return async function sandboxRenewals() {
    const sandbox = gateways.sandbox!
    let delivered = 0
    const invoices = [...(await sandbox.iugu.compensateDue()), ...(await sandbox.iugu.renewDue())]
    for (const invoice of invoices) {
      const hook = sandbox.iugu.webhook(invoice, gateways.webhooks.iuguToken!)
      await deliver({ url: "/v1/webhooks/iugu", headers: hook.headers, payload: hook.body })
      delivered++
    }
    const mercadoPago = [
      ...(await sandbox.mercadoPago.compensateDue()),
      ...(await sandbox.mercadoPago.renewDue()),
    ]
    for (const payment of mercadoPago) {
      const hook = sandbox.mercadoPago.notification(
        payment.id,
        gateways.webhooks.mercadoPagoSecret!,
      )
      await deliver({
        url: `/v1/webhooks/mercadopago?${hook.query}`,
        headers: hook.headers,
        payload: hook.body,
      })
      delivered++
    }
    return delivered
  }
}

export type SandboxRenewals = NonNullable<ReturnType<typeof createSandboxRenewals>>
