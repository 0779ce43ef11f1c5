import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { analyticsEventBody, analyticsEventNames } from "../../../../src/domain/analytics.ts"
import { errorResponses } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createEventsService } from "./events.service.ts"

/** The sink of the app's visit events (spec §4), behind the creator's numbers. */
export const eventsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const events = createEventsService(deps)
  app.post(
    "/events",
    {
      // A page sends a handful per visit; more than this from one address is a script.
      config: { rateLimit: { max: 120, timeWindow: 60_000 }, access: { caller: "public" } },
      schema: {
        tags: ["events"],
        summary: "Registra um evento de visita (perfil, checkout, pagamento...)",
        description: `\`name\`: ${analyticsEventNames.join(", ")}. \`username\`: a criadora da página. Sem IP nem navegador guardados.`,
        body: analyticsEventBody,
        response: {
          200: z.object({ recorded: z.literal(true) }),
          ...errorResponses(400, 429),
        },
      },
    },
    (request) => events.record(request.body, request.account?.id ?? null),
  )
}
