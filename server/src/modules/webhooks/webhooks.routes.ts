import { timingSafeEqual } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { verifySignature } from "../../adapters/gateways/mercadopago/mp-signature.ts"
import { ErrorBodySchema } from "../../api-schemas.ts"
import { BadRequestError, UnauthorizedError } from "../../errors.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { Metrics } from "../../plugins/metrics.ts"
import { webhookUnauthorizedMessage } from "../../shared/billing-messages.ts"
import type { WebhooksService } from "./webhooks.service.ts"

const tags = ["webhooks"]
const received = z.object({ received: z.boolean() })

function sameSecret(given: string | undefined, expected: string | null) {
  if (!given || !expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * A refused notification changes nothing and leaves a trace for whoever watches the logs and the
 * metrics (`closer_webhooks_refused_total`).
 */
function refuse(
  metrics: Metrics,
  request: FastifyRequest,
  provider: string,
  reason: string,
): never {
  request.log.warn(
    { provider, reason, ip: request.ip, url: request.url },
    "notificação de pagamento recusada",
  )
  metrics.webhookRefused({ provider, reason })
  throw new UnauthorizedError(webhookUnauthorizedMessage, "webhook_unauthorized")
}

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value)
const stringOf = (value: unknown) =>
  typeof first(value) === "string" || typeof first(value) === "number"
    ? String(first(value))
    : undefined

/**
 * Gateways' notifications. They are authenticated before the body is read (iugu: the
 * Authorization value registered with it; Mercado Pago: the x-signature HMAC) and then only
 * name what to re-fetch. The answer is 200 as soon as it is recorded and applied.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService
  gateways: Gateways
  metrics: Metrics
  clock: Clock
}> = async (app, { webhooks, gateways, metrics, clock }) => {
  // iugu posts form-encoded bodies; keys like data[id] stay as they are.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  app.post(
    "/webhooks/iugu",
    {
      config: { access: { caller: "shared-secret" } },
      onRequest: async (request: FastifyRequest, _reply: FastifyReply) => {
        if (!sameSecret(request.headers.authorization, gateways.webhooks.iuguToken))
          refuse(metrics, request, "iugu", "authorization")
      },
      schema: {
        tags,
        summary:
          "Notificação do iugu (fatura e assinatura); autenticada pelo Authorization cadastrado",
        description:
          "Corpo form-encoded `event=invoice.status_changed&data[id]=...`. O status do corpo é ignorado: a fatura é consultada de novo no iugu.",
        response: { 200: received, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const event = stringOf(body.event)
      const id = stringOf(body["data[id]"])
      if (!event || !id || id.length > 100 || event.length > 100)
        throw new BadRequestError("Notificação incompleta.", "webhook_invalid")
      await webhooks.receive("iugu", event, id)
      return { received: true }
    },
  )

  app.post(
    "/webhooks/mercadopago",
    {
      config: { access: { caller: "shared-secret" } },
      onRequest: async (request: FastifyRequest) => {
        const query = request.query as Record<string, unknown>
        const check = verifySignature({
          secret: gateways.webhooks.mercadoPagoSecret ?? "",
          header: stringOf(request.headers["x-signature"]),
          requestId: stringOf(request.headers["x-request-id"]),
          dataId: stringOf(query["data.id"]) ?? stringOf(query.id),
          now: clock.now(),
        })
        if (!check.ok) refuse(metrics, request, "mercadoPago", check.reason)
      },
      schema: {
        tags,
        summary: "Notificação do Mercado Pago; assinatura x-signature (HMAC) verificada",
        description:
          "`?data.id=...&type=payment`. O pagamento é consultado de novo no Mercado Pago; só essa resposta vale.",
        response: { 200: received, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>
      const body = (request.body ?? {}) as {
        type?: unknown
        topic?: unknown
        data?: { id?: unknown }
      }
      const id = stringOf(query["data.id"]) ?? stringOf(query.id)
      const topic = stringOf(query.type) ?? stringOf(query.topic) ?? stringOf(body.type)
      if (!id || !topic || id.length > 100 || topic.length > 100)
        throw new BadRequestError("Notificação incompleta.", "webhook_invalid")
      await webhooks.receive("mercadoPago", topic, id)
      return { received: true }
    },
  )
}
