import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import QRCode from "qrcode"
import { z } from "zod"
import { QR_CODE_OPTIONS } from "../../../../src/domain/constants.ts"
import { SubscriptionSchema } from "../../../../src/domain/models.ts"
import { ErrorBodySchema, errorResponses } from "../../api-schemas.ts"
import { GatewayHttpError } from "../../adapters/gateways/http-client.ts"
import { createIuguClient } from "../../adapters/gateways/iugu/iugu-client.ts"
import { fetchVia } from "../../adapters/gateways/sandbox/simulator-http.ts"
import { cardTokenErrorMessage } from "../../../../src/domain/card-errors.ts"
import { NotFoundError } from "../../errors.ts"
import { requireAccount } from "../../plugins/auth.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import { paymentIdParams } from "../../shared/billing-schemas.ts"
import type { SandboxService } from "./sandbox.service.ts"

const tags = ["sandbox"]

const tokenBody = z.object({
  account_id: z.string().max(100),
  method: z.literal("credit_card"),
  test: z.boolean().optional(),
  data: z.object({
    number: z.string().max(30),
    verification_value: z.string().max(10),
    first_name: z.string().max(100),
    last_name: z.string().max(100),
    month: z.union([z.string().max(2), z.number()]),
    year: z.union([z.string().max(4), z.number()]),
  }),
})

/** Only with PAYMENTS_MODE=sandbox: controls to finish a purchase without a bank. */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxService
  gateways: Gateways
}> = async (app, { sandbox, gateways }) => {
  const simulator = gateways.sandbox!
  // The browser's iugu.js call, answered by the simulator with iugu's own shapes.
  const iugu = createIuguClient({
    apiUrl: "http://iugu.sandbox",
    apiToken: "sandbox",
    timeoutMs: 5_000,
    fetch: fetchVia(simulator.iugu.handle),
  })

  for (const [action, summary] of [
    [
      "pay",
      "Sandbox: simula o pagamento (o gateway simulado notifica o webhook assinado; um boleto é pago no banco e aprovado de 1 a 3 dias úteis depois)",
    ],
    ["refuse", "Sandbox: simula a recusa do pagamento"],
  ] as const) {
    app.post(
      `/sandbox/payments/:paymentId/${action}`,
      {
        config: { access: { caller: "signed-in", owns: "payment" } },
        schema: {
          tags,
          summary,
          params: paymentIdParams,
          response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      (request) => sandbox.settle(request.params.paymentId, requireAccount(request), action),
    )
  }

  for (const [action, summary] of [
    [
      "pay",
      "Sandbox: o banco simulado aprova a autorização do Pix Automático (e paga a primeira cobrança, se houver); o iugu simulado notifica o webhook",
    ],
    ["refuse", "Sandbox: o banco simulado recusa a autorização do Pix Automático"],
  ] as const) {
    app.post(
      `/sandbox/subscriptions/:subscriptionId/pix-automatico/authorization/${action}`,
      {
        config: { access: { caller: "signed-in", owns: "subscription" } },
        schema: {
          tags,
          summary,
          params: z.object({ subscriptionId: z.string().max(100) }),
          response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      (request) =>
        sandbox.answerAutomaticPix(request.params.subscriptionId, requireAccount(request), action),
    )
  }

  app.post(
    "/sandbox/subscriptions/:subscriptionId/pix-automatico/next-period",
    {
      config: { access: { caller: "signed-in", owns: "subscription" } },
      schema: {
        tags,
        summary:
          "Sandbox: o banco simulado debita o próximo período do Pix Automático (ou falha o débito)",
        params: z.object({ subscriptionId: z.string().max(100) }),
        body: z
          .object({
            fail: z.boolean().optional(),
            /** Debit the next period now, before its date. */
            early: z.boolean().optional(),
          })
          .optional(),
        response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) =>
      sandbox.nextPixAutomaticPeriod(request.params.subscriptionId, requireAccount(request), {
        fail: request.body?.fail,
        early: request.body?.early,
      }),
  )

  app.post(
    "/sandbox/iugu/payment_token",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary: "Sandbox: o POST /v1/payment_token do iugu (tokeniza o cartão de teste)",
        description:
          "Cartão 4000 0000 0000 0002 é recusado na cobrança; outro número válido é aprovado. Erros no formato do iugu em `errors`.",
        body: tokenBody,
        response: {
          200: z.object({
            id: z.string(),
            method: z.string(),
            extra_info: z.record(z.string(), z.unknown()),
          }),
          400: ErrorBodySchema,
          422: ErrorBodySchema.extend({ errors: z.record(z.string(), z.unknown()).optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        const { data, ...rest } = request.body
        return await iugu.createPaymentToken({
          ...rest,
          data: { ...data, month: String(data.month), year: String(data.year) },
        })
      } catch (error) {
        if (error instanceof GatewayHttpError) {
          const body = error.body as { errors?: Record<string, unknown> } | null
          const errors = body?.errors ?? {}
          return reply.status(422).send({
            message: cardTokenErrorMessage(errors),
            code: "card_token_invalid",
            errors,
          })
        }
        throw error
      }
    },
  )

  app.get(
    "/sandbox/qrcode/:provider/:file",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary: "Sandbox: imagem do QR Code de um Pix simulado",
        params: z.object({ provider: z.enum(["iugu", "mercadopago"]), file: z.string().max(80) }),
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const id = request.params.file.replace(/\.png$/, "")
      const code = await sandbox.pixCode(request.params.provider, id)
      if (!code) throw new NotFoundError("QR Code não encontrado", "not_found")
      const png = await QRCode.toBuffer(code, { ...QR_CODE_OPTIONS, type: "png" })
      return reply.header("content-type", "image/png").send(png)
    },
  )

  app.get(
    "/sandbox/boleto/:provider/:id",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary: "Sandbox: página do boleto simulado",
        params: z.object({ provider: z.enum(["iugu", "mercadopago"]), id: z.string().max(80) }),
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const page = await sandbox.boletoPage(request.params.provider, request.params.id)
      if (!page) throw new NotFoundError("Boleto não encontrado", "not_found")
      return reply.header("content-type", "text/html; charset=utf-8").send(page)
    },
  )
}
