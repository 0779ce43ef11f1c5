import type { FastifyReply } from "fastify"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import {
  CheckoutResponseSchema,
  PaymentRedirectSchema,
  PaymentResultSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import type { Clock } from "../../clock.ts"
import type { KeepSignedIn } from "../../deps.ts"
import { usernameParams } from "../../api-schemas.ts"
import { xsrfCookieName } from "../../plugins/anti-forgery.ts"
import { requireAccount } from "../../plugins/auth.ts"
import {
  boletoBody,
  checkoutErrors,
  checkoutLimit,
  creditBody,
  idempotencyNote,
  idParams,
  iuguCardBody,
  iuguPixBody,
  planBody,
} from "../../shared/billing-schemas.ts"
import { adultsOnly } from "../../shared/birthdate.ts"
import type { PurchasesService } from "./purchases.service.ts"

const tags = ["subscriptions"]

const keyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers["idempotency-key"]
  return typeof value === "string" ? value : undefined
}

/** The buyer's purchases of spec §7: checkouts per gateway, and paying a subscription again. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  purchases: PurchasesService
  sessions: KeepSignedIn
  clock: Clock
}> = async (app, { purchases, sessions, clock }) => {
  const signedInBuyer = async <T extends { auth?: { accessToken: string } }>(
    reply: FastifyReply,
    answer: T,
  ) => {
    await sessions.keepSignedIn(reply, answer.auth?.accessToken)
    return answer
  }

  app.post(
    "/:username/iugu/subscription/credit-card",
    {
      config: { ...checkoutLimit, access: { caller: "public", owns: "subscription" } },
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
      config: { ...checkoutLimit, access: { caller: "public", owns: "subscription" } },
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
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
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
        config: {
          ...checkoutLimit,
          access: { caller: "signed-in", owns: "subscription" },
        },
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
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
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
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
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
    "/payment/subscription/credit/:id",
    {
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
      schema: {
        tags,
        summary:
          "Paga de novo uma assinatura no cartão (iugu cobra na hora; Mercado Pago devolve a página)",
        description: idempotencyNote,
        params: idParams,
        body: creditBody,
        response: { 200: PaymentResultSchema, ...checkoutErrors },
      },
      preHandler: adultsOnly(clock),
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
    "/payment/subscription/boleto/:id",
    {
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
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
