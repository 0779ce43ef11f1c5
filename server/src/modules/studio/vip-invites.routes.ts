import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { whitelistBody } from "../../../../src/domain/studio.ts"
import {
  StudioVipInviteSchema,
  VipInviteAcceptedSchema,
  VipInviteSentSchema,
  vipInviteAcceptBody,
} from "../../../../src/domain/vip-invites.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { createVipInvitesService } from "./vip-invites.service.ts"

const tags = ["studio"]
const performer = { access: { caller: "performer", owns: "studio" } } as const
const minute = 60_000

/** The lista VIP by invitation: the creator invites an e-mail, its owner accepts. */
export const vipInvitesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const invites = createVipInvitesService(deps)

  app.post(
    "/studio/whitelist",
    {
      config: performer,
      schema: {
        tags,
        summary: "Convida um e-mail para a lista VIP (acesso sem pagar, depois de aceito)",
        description:
          "A resposta é a mesma para qualquer e-mail, com ou sem conta: um convite pendente é guardado e o link vai por e-mail. " +
          "Convidar de novo troca o link. 422 `own_account` para o próprio e-mail; 30 por hora por criadora.",
        body: whitelistBody,
        response: { 200: VipInviteSentSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    (request) => invites.invite(requireAccount(request).id, request.body.email),
  )

  app.get(
    "/studio/whitelist/invites",
    {
      config: performer,
      schema: {
        tags,
        summary: "Convites para a lista VIP ainda não aceitos, pelo e-mail digitado",
        response: { 200: z.array(StudioVipInviteSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => invites.listPending(requireAccount(request).id),
  )

  app.delete(
    "/studio/whitelist/invites/:inviteId",
    {
      config: performer,
      schema: {
        tags,
        summary: "Retira um convite ainda não aceito: o link deixa de valer",
        params: z.object({ inviteId: z.string().max(60) }),
        response: { 200: StudioVipInviteSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => invites.withdraw(requireAccount(request).id, request.params.inviteId),
  )

  app.post(
    "/vip-invites/accept",
    {
      config: {
        rateLimit: { max: 20, timeWindow: 15 * minute },
        access: { caller: "signed-in", owns: "account" },
      },
      schema: {
        tags: ["subscriptions"],
        summary: "Aceita um convite para a lista VIP com a conta do e-mail convidado",
        description:
          "O token vem do link do e-mail e vale uma vez, por 7 dias. 404 `vip_invite_invalid` para um token desconhecido, usado ou expirado; 403 `wrong_account` quando a conta é de outro e-mail.",
        body: vipInviteAcceptBody,
        response: { 200: VipInviteAcceptedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => invites.accept(requireAccount(request), request.body.token),
  )
}
