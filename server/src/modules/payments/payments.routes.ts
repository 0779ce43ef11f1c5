import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { PaymentsConfigSchema } from "../../../../src/domain/models.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"

const tags = ["subscriptions"]

/** How the browser pays: which gateways' scripts and keys it loads. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ gateways: Gateways }> = async (
  app,
  { gateways },
) => {
  app.get(
    "/payments/config",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary:
          "Como o navegador paga: modo (sandbox ou live), conta do iugu.js e chaves públicas",
        response: { 200: PaymentsConfigSchema },
      },
    },
    () => ({
      mode: gateways.mode,
      iugu: {
        accountId: gateways.browser.iuguAccountId,
        testMode: gateways.browser.iuguTestMode,
        tokenUrl: gateways.sandbox ? "/v1/sandbox/iugu/payment_token" : null,
      },
      mercadoPago: { publicKey: gateways.browser.mercadoPagoPublicKey },
    }),
  )
}
