import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  StudioNumbersSchema,
  StudioSubscriberSchema,
  numbersQuery,
  subscribersQuery,
} from "../../../../src/domain/studio.ts"
import { pageSchema } from "../../../../src/domain/paging.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { createStudioNumbersService } from "./studio-numbers.service.ts"
import { createStudioSubscribersService } from "./studio-subscribers.service.ts"

const tags = ["studio"]
const performer = {
  access: { caller: "performer", owns: "studio" },
} as const

/** Who subscribes, leaving the "lista VIP", and the numbers of the creator's page. */
export const studioSubscribersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { deps },
) => {
  const subscribers = createStudioSubscribersService(deps)
  const numbers = createStudioNumbersService(deps)

  app.get(
    "/studio/subscribers",
    {
      config: performer,
      schema: {
        tags,
        summary: "Assinantes: status, plano, início, fim do período e forma de pagamento",
        description:
          "`q` busca por e-mail ou nome; `status` é um status de assinatura ou `active` (com acesso agora); `method` filtra a forma de pagamento. " +
          "Uma página por vez, dos mais novos aos mais antigos: `limit` (1 a 100, padrão 50) e o `nextCursor` da página anterior em `cursor`.",
        querystring: subscribersQuery,
        response: { 200: pageSchema(StudioSubscriberSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => subscribers.list(requireAccount(request).id, request.query),
  )

  app.delete(
    "/studio/whitelist/:subscriptionId",
    {
      config: performer,
      schema: {
        tags,
        summary: "Tira uma pessoa da lista VIP: o acesso termina agora",
        params: z.object({ subscriptionId: z.string().max(60) }),
        response: { 200: StudioSubscriberSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) =>
      subscribers.removeFromWhitelist(requireAccount(request).id, request.params.subscriptionId),
  )

  app.get(
    "/studio/numbers",
    {
      config: performer,
      schema: {
        tags,
        summary: "Visitas, checkouts iniciados, pagamentos aprovados, assinantes ativos e receita",
        description:
          "Por dia (horário de São Paulo) nos últimos `days` (7 a 90, padrão 30). Receita: valor dos planos, sem a taxa de serviço.",
        querystring: numbersQuery,
        response: { 200: StudioNumbersSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => numbers.get(requireAccount(request).id, request.query.days),
  )
}
