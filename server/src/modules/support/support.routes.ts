import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { SupportConfigSchema } from "../../../../src/domain/models.ts"
import type { ModuleOptions } from "../../deps.ts"

/** Public settings of the support chat, read by the browser once the page is idle. */
export const supportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const websiteId = deps.config.supportChatId
  app.get(
    "/support/config",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags: ["support"],
        summary: "Chat de suporte: o id do site no Crisp, ou null quando não há chat",
        response: { 200: SupportConfigSchema },
      },
    },
    () => ({ chat: websiteId ? { provider: "crisp" as const, websiteId } : null }),
  )
}
