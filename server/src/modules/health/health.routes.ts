import { timingSafeEqual } from "node:crypto"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import type { ModuleOptions } from "../../deps.ts"
import { NotFoundError, UnauthorizedError } from "../../errors.ts"
import { registerDatabaseGauges } from "./metrics.ts"
import { createReadinessProbe, latestMigrationMillis, readinessTimeoutMs } from "./readiness.ts"

export const notReadyMessages = {
  database: "O banco de dados não está respondendo.",
  database_timeout: `O banco de dados não respondeu em ${readinessTimeoutMs / 1000} s.`,
  migrations: "O banco de dados ainda não tem todas as migrações desta versão.",
  closing: "Este servidor está encerrando.",
} as const

/** Whether the process is shutting down (set by `app.drain()`). */
export interface Lifecycle {
  draining: boolean
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions & { lifecycle: Lifecycle }> = async (
  app,
  { deps, lifecycle },
) => {
  const probeReadiness = createReadinessProbe(deps.db, latestMigrationMillis())
  const { registry } = deps.metrics
  registerDatabaseGauges(registry, deps.db, deps.clock)

  app.get(
    "/health",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags: ["health"],
        summary: "Processo vivo (sem tocar no banco): para o balanceador e o cookie anti-forgery",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  )

  app.get(
    "/ready",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags: ["health"],
        summary:
          `Pronto para tráfego: banco respondendo em até ${readinessTimeoutMs / 1000} s e com ` +
          "todas as migrações desta versão; 503 ao encerrar",
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ message: z.string(), code: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (lifecycle.draining)
        return reply
          .code(503)
          .send({ message: notReadyMessages.closing, code: "not_ready_closing" })
      const readiness = await probeReadiness()
      if (readiness.ready) return { status: "ready" as const }
      return reply.code(503).send({
        message: notReadyMessages[readiness.reason],
        code: `not_ready_${readiness.reason}`,
      })
    },
  )

  app.get(
    "/metrics",
    {
      config: { access: { caller: "shared-secret" } },
      schema: {
        tags: ["health"],
        summary:
          "Métricas no formato do Prometheus (latência, pagamentos, webhooks, jobs, Node); exige METRICS_TOKEN",
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const token = deps.config.metricsToken
      if (!token) throw new NotFoundError("Métricas desativadas neste servidor.", "metrics_off")
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? ""
      if (!sameToken(given, token))
        throw new UnauthorizedError("Token de métricas inválido.", "metrics_unauthorized")
      return reply.type(registry.contentType).send(await registry.metrics())
    },
  )
}
