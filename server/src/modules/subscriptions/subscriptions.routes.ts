import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  CancelSubscriptionResponseSchema,
  SavedCardSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import type { Clock } from "../../clock.ts"
import { usernameParams } from "../../api-schemas.ts"
import { requireAccount, tokenViewer } from "../../plugins/auth.ts"
import { adultsOnly } from "../../shared/birthdate.ts"
import {
  checkoutErrors,
  checkoutLimit,
  errorResponses,
  gatewayErrors,
  idParams,
  updateCardBody,
} from "../../shared/billing-schemas.ts"
import type { SubscriptionsService } from "./subscriptions.service.ts"

const tags = ["subscriptions"]

/** The buyer's subscription: read it, cancel it, and the card its renewals charge. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService
  clock: Clock
}> = async (app, { subscriptions, clock }) => {
  app.get(
    "/iugu/cards",
    {
      config: { access: { caller: "signed-in", owns: "account" } },
      schema: {
        tags,
        summary: "Cartões salvos da pessoa no iugu",
        response: { 200: z.array(SavedCardSchema), ...errorResponses(401), ...gatewayErrors },
      },
    },
    (request) => subscriptions.savedCards(requireAccount(request)),
  )

  app.get(
    "/:username/subscription",
    {
      config: {
        accountInQuery: true,
        access: { caller: "signed-in", owns: "subscription" },
      },
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
      config: { access: { caller: "signed-in", owns: "subscription" } },
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
      config: { access: { caller: "signed-in", owns: "subscription" } },
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
    "/payment/subscription/update/:id",
    {
      config: {
        ...checkoutLimit,
        access: { caller: "signed-in", owns: "subscription" },
      },
      schema: {
        tags,
        summary: "Troca o cartão usado nas próximas renovações",
        params: idParams,
        body: updateCardBody,
        response: { 200: SubscriptionSchema, ...checkoutErrors },
      },
      preHandler: adultsOnly(clock),
    },
    (request) => subscriptions.updateCard(request.params.id, requireAccount(request), request.body),
  )
}
