import { sql } from "drizzle-orm"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import type { ModuleOptions } from "../../deps.ts"

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Verifica se a API e o banco de dados respondem",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => {
      await deps.db.execute(sql`select 1`)
      return { status: "ok" as const }
    },
  )
}
