import type { FastifyReply, FastifyRequest } from "fastify"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  CancelSubscriptionResponseSchema,
  CheckoutResponseSchema,
  PaymentRedirectSchema,
  PaymentResultSchema,
  PaymentsConfigSchema,
  SavedCardSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import { usernameParams } from "../../api-schemas.ts"
import { BadRequestError } from "../../errors.ts"
import { xsrfCookieName } from "../../plugins/anti-forgery.ts"
import { requireAccount, tokenViewer } from "../../plugins/auth.ts"
import { unreadableFileMessage } from "./billing-messages.ts"
import type { Billing } from "./billing.plugin.ts"
import { adultsOnly } from "./birthdate.ts"
import {
  boletoBody,
  creditBody,
  errorResponses,
  gatewayErrors,
  idempotencyNote,
  idParams,
  iuguCardBody,
  iuguPixBody,
  planBody,
  updateCardBody,
} from "./billing.schemas.ts"
import { receiptMaxBytes } from "./receipts.service.ts"

const tags = ["subscriptions"]

/** The multipart file, or a pt-BR 400 when the body is not readable multipart. */
async function readFile(request: FastifyRequest) {
  try {
    return await request.file({ limits: { fileSize: receiptMaxBytes, files: 1 } })
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) throw error
    throw new BadRequestError(unreadableFileMessage, "invalid_multipart", "file")
  }
}
const checkoutLimit = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } }
const keyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers["idempotency-key"]
  return typeof value === "string" ? value : undefined
}

/** The buyer's calls of spec §7: checkouts per gateway, the subscription, cancel, receipts, cards. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (
  app,
  { billing },
) => {
  const { purchases, subscriptions, receipts, core } = billing
  const checkoutErrors = { ...errorResponses(400, 401, 403, 404, 409, 422, 429), ...gatewayErrors }
  // A guest checkout signs its new buyer in: the browser also gets the refresh cookie.
  const signedInBuyer = async <T extends { auth?: { accessToken: string } }>(
    reply: FastifyReply,
    answer: T,
  ) => {
    await core.deps.sessions.keepSignedIn(reply, answer.auth?.accessToken)
    return answer
  }

  app.get(
    "/payments/config",
    {
      schema: {
        tags,
        summary:
          "Como o navegador paga: modo (sandbox ou live), conta do iugu.js e chaves públicas",
        response: { 200: PaymentsConfigSchema },
      },
    },
    () => ({
      mode: core.gateways.mode,
      iugu: {
        accountId: core.gateways.browser.iuguAccountId,
        testMode: core.gateways.browser.iuguTestMode,
        tokenUrl: core.gateways.sandbox ? "/v1/sandbox/iugu/payment_token" : null,
      },
      mercadoPago: { publicKey: core.gateways.browser.mercadoPagoPublicKey },
    }),
  )

  app.get(
    "/iugu/cards",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "Cartões salvos da pessoa no iugu",
        response: { 200: z.array(SavedCardSchema), ...errorResponses(401), ...gatewayErrors },
      },
    },
    (request) => subscriptions.savedCards(requireAccount(request)),
  )

  app.post(
    "/:username/iugu/subscription/credit-card",
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: "Assina com cartão pelo iugu (cartão novo tokenizado no navegador ou salvo)",
        description: `Sem sessão, cria a conta do e-mail e devolve \`auth.accessToken\` e \`auth.password\` (senha temporária para /choose-password). Cartão recusado: 422 com a mensagem do emissor. ${idempotencyNote}`,
        params: usernameParams,
        body: iuguCardBody,
        response: { 200: CheckoutResponseSchema, ...checkoutErrors },
      },
    },
    async (request, reply) =>
      signedInBuyer(
        reply,
        await purchases.iuguCard(
          request.params.username,
          request.account,
          request.body,
          request.ip,
          keyOf(request.headers),
          request.cookies[xsrfCookieName],
        ),
      ),
  )

  app.post(
    "/:username/iugu/subscription/pix",
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: "Assina com Pix pelo iugu: fatura com código copia e cola válido por 30 minutos",
        description: `Mesma resposta do cartão; o código está em \`subscription.payment.pixCode\`. ${idempotencyNote}`,
        params: usernameParams,
        body: iuguPixBody,
        response: { 200: CheckoutResponseSchema, ...checkoutErrors },
      },
    },
    async (request, reply) =>
      signedInBuyer(
        reply,
        await purchases.iuguPix(
          request.params.username,
          request.account,
          request.body,
          request.ip,
          keyOf(request.headers),
          request.cookies[xsrfCookieName],
        ),
      ),
  )

  app.post(
    "/:username/mp/subscription/pix",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary: "Gera um Pix pelo Mercado Pago",
        description: idempotencyNote,
        params: usernameParams,
        body: planBody,
        response: { 200: SubscriptionSchema, ...checkoutErrors },
      },
    },
    (request) =>
      purchases.mercadoPagoPix(
        request.params.username,
        requireAccount(request),
        request.body,
        keyOf(request.headers),
      ),
  )

  for (const [path, method, summary] of [
    [
      "card",
      "credit_card",
      "Assinatura recorrente no cartão pelo Mercado Pago: devolve a página de pagamento",
    ],
    ["link", "link", "Link de pagamento do Mercado Pago (Pix, boleto ou saldo): devolve a página"],
  ] as const) {
    app.post(
      `/:username/mp/subscription/${path}`,
      {
        config: { ...checkoutLimit, auth: "required" },
        schema: {
          tags,
          summary,
          description: `O navegador segue para \`url\`; o pagamento chega por notificação. ${idempotencyNote}`,
          params: usernameParams,
          body: planBody,
          response: { 200: PaymentRedirectSchema, ...checkoutErrors },
        },
      },
      (request) =>
        purchases.mercadoPagoRedirect(
          method,
          request.params.username,
          requireAccount(request),
          request.body,
          keyOf(request.headers),
        ),
    )
  }

  app.post(
    "/:username/subscription/pix",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary:
          "Novo Pix pelo meio de recebimento da criadora (iugu, Mercado Pago ou chave própria)",
        description: `Com chave própria (bacen) o código é estático, com o valor exato e um txid por pagamento; depois envie o comprovante. ${idempotencyNote}`,
        params: usernameParams,
        body: planBody,
        response: { 200: SubscriptionSchema, ...checkoutErrors },
      },
    },
    (request) =>
      purchases.pix(
        request.params.username,
        requireAccount(request),
        request.body,
        keyOf(request.headers),
      ),
  )

  app.post(
    "/:username/subscription/boleto",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary:
          "Gera um boleto para assinar a criadora, mesmo sem assinatura (aprovado em 1 a 3 dias)",
        description: `Cria ou reaproveita a assinatura pendente. Pede o nome, o CPF ou CNPJ e o endereço do pagador (\`accountName\`, \`accountDocument\`, \`address\`). Só para criadoras no iugu ou no Mercado Pago; as outras respondem 409. O link está em \`subscription.payment.boletoUrl\`. ${idempotencyNote}`,
        params: usernameParams,
        body: boletoBody,
        response: { 200: PaymentResultSchema, ...checkoutErrors },
      },
    },
    (request) =>
      purchases.boleto(
        request.params.username,
        requireAccount(request),
        request.body,
        keyOf(request.headers),
      ),
  )

  app.post(
    "/:username/subscription/pix/receipt",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "Envia o comprovante do Pix feito para a chave da criadora",
        description: `multipart/form-data com o campo \`file\` (imagem, até ${receiptMaxBytes / 1024 / 1024} MB) e, opcional, \`endToEndId\`. O pagamento fica "em análise" até a criadora aprovar. Um comprovante já usado é recusado.`,
        consumes: ["multipart/form-data"],
        params: usernameParams,
        response: {
          200: SubscriptionSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) =>
      receipts.upload(request.params.username, requireAccount(request), await readFile(request)),
  )

  app.get(
    "/:username/subscription",
    {
      config: { auth: "required", accountInQuery: true },
      schema: {
        tags,
        summary: "A assinatura da pessoa com esta criadora (null quando não há)",
        params: usernameParams,
        response: { 200: SubscriptionSchema.nullable(), ...errorResponses(401, 404) },
      },
    },
    (request) => subscriptions.forProfile(request.params.username, tokenViewer(request)),
  )

  app.get(
    "/subscription/:id",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "Uma assinatura pelo id (a pessoa assinante ou a criadora)",
        params: idParams,
        response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => subscriptions.byId(request.params.id, requireAccount(request)),
  )

  app.post(
    "/subscription/:id/cancel",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "Cancela a assinatura (só a dona); o acesso segue até o fim do período pago",
        description:
          "Cancela pagamentos em aberto e a renovação no gateway pela API dele (assinatura iugu, preapproval do Mercado Pago); se o gateway não responder, o job de conciliação tenta de novo. Nenhum gateway atual tem página do comprador, então `menageUrl` não vem. Repetir a chamada não muda nada.",
        params: idParams,
        response: { 200: CancelSubscriptionResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => subscriptions.cancel(request.params.id, requireAccount(request)),
  )

  app.post(
    "/payment/subscription/credit/:id",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary:
          "Paga de novo uma assinatura no cartão (iugu cobra na hora; Mercado Pago devolve a página)",
        description: idempotencyNote,
        params: idParams,
        body: creditBody,
        response: { 200: PaymentResultSchema, ...checkoutErrors },
      },
      preHandler: adultsOnly(core.deps.clock),
    },
    (request) =>
      purchases.payExisting(
        "credit_card",
        request.params.id,
        requireAccount(request),
        request.body,
        keyOf(request.headers),
      ),
  )

  app.post(
    "/payment/subscription/update/:id",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary: "Troca o cartão usado nas próximas renovações",
        params: idParams,
        body: updateCardBody,
        response: { 200: SubscriptionSchema, ...checkoutErrors },
      },
      preHandler: adultsOnly(core.deps.clock),
    },
    (request) => subscriptions.updateCard(request.params.id, requireAccount(request), request.body),
  )

  app.post(
    "/payment/subscription/boleto/:id",
    {
      config: { ...checkoutLimit, auth: "required" },
      schema: {
        tags,
        summary: "Gera um boleto para a assinatura (aprovado em 1 a 3 dias)",
        description: `Pede o nome, o CPF ou CNPJ e o endereço do pagador (\`accountName\`, \`accountDocument\`, \`address\`): os bancos não registram boleto sem eles. O link está em \`subscription.payment.boletoUrl\`. ${idempotencyNote}`,
        params: idParams,
        body: boletoBody,
        response: { 200: PaymentResultSchema, ...checkoutErrors },
      },
    },
    (request) =>
      purchases.payExisting(
        "boleto",
        request.params.id,
        requireAccount(request),
        request.body,
        keyOf(request.headers),
      ),
  )
}
