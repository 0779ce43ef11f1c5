import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  NotificationCreatorSchema,
  NotificationSettingChangedSchema,
  NotificationSettingSchema,
  PushKeySchema,
  UnsubscribedSchema,
  notificationSettingBody,
  pushEndpointBody,
  pushSubscriptionBody,
  unsubscribeBody,
} from "../../../../src/domain/notifications.ts"
import { errorResponses, usernameParams } from "../../api-schemas.ts"
import { requireAccount } from "../../plugins/auth.ts"
import type { NotificationsService } from "./notifications.service.ts"

const tags = ["notifications"]
const own = { access: { caller: "signed-in", owns: "account" } } as const
const minute = 60_000

/** A follower's new-content notifications: her opt-ins, her browsers, the e-mail unsubscribe. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  // RFC 8058: a mail client's one-click unsubscribe posts a form; what it says is not needed.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  )

  app.get(
    "/notifications/push-key",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary: "Chave pública VAPID para o navegador assinar os avisos por push",
        description: "404 `push_unavailable` quando o servidor não tem chaves VAPID.",
        response: { 200: PushKeySchema, ...errorResponses(404) },
      },
    },
    () => service.pushKey(),
  )

  app.get(
    "/u/:username/notifications",
    {
      config: own,
      schema: {
        tags,
        summary: "Se a seguidora recebe avisos de novidades desta criadora",
        params: usernameParams,
        response: { 200: NotificationSettingSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.setting(requireAccount(request).id, request.params.username),
  )

  app.put(
    "/u/:username/notifications",
    {
      config: { rateLimit: { max: 60, timeWindow: 15 * minute }, ...own },
      schema: {
        tags,
        summary: "Liga ou desliga os avisos de novidades desta criadora",
        description:
          "Ligar exige uma assinatura com acesso agora (403 `notifications_need_access`); desligar vale sempre. Ligar volta a ligar o resumo por e-mail.",
        params: usernameParams,
        body: notificationSettingBody,
        response: {
          200: NotificationSettingChangedSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    (request) =>
      service.change(requireAccount(request).id, request.params.username, request.body.enabled),
  )

  app.get(
    "/account/notifications",
    {
      config: own,
      schema: {
        tags,
        summary: "As criadoras que a seguidora assina, cada uma com o seu aviso ligado ou não",
        response: { 200: z.array(NotificationCreatorSchema), ...errorResponses(401) },
      },
    },
    (request) => service.creators(requireAccount(request).id),
  )

  app.post(
    "/account/push-subscriptions",
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * minute }, ...own },
      schema: {
        tags,
        summary: "Guarda a inscrição de push deste navegador (PushSubscription.toJSON())",
        body: pushSubscriptionBody,
        response: {
          200: z.object({ saved: z.literal(true) }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    (request) => service.savePushSubscription(requireAccount(request).id, request.body),
  )

  app.delete(
    "/account/push-subscriptions",
    {
      config: own,
      schema: {
        tags,
        summary: "Esquece a inscrição de push deste navegador",
        body: pushEndpointBody,
        response: { 200: z.object({ removed: z.literal(true) }), ...errorResponses(400, 401) },
      },
    },
    (request) => service.removePushSubscription(requireAccount(request).id, request.body.endpoint),
  )

  app.post(
    "/notifications/unsubscribe",
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * minute }, access: { caller: "signed-url" } },
      schema: {
        tags,
        summary: "Descadastro em um clique do resumo por e-mail de uma criadora",
        description:
          "O token vem do link do e-mail (List-Unsubscribe, RFC 8058) e não expira; desliga só o e-mail daquela criadora. 404 `unsubscribe_invalid` para um token que não é nosso.",
        querystring: unsubscribeBody,
        response: { 200: UnsubscribedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    (request) => service.unsubscribe(request.query.token),
  )
}
