import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { closeAccountBody } from "../../../../src/domain/account.ts"
import { errorResponses, messageResponse } from "../../api-schemas.ts"
import type { Database } from "../../db/client.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { createAccountService, type AccountService } from "./account.service.ts"

const tags = ["account"]
const day = 24 * 60 * 60_000
const services = new WeakMap<Database, AccountService>()

/** The account service of the app on this database (tests run the retention job with it). */
export function accountOf(db: Database): AccountService {
  const service = services.get(db)
  if (!service) throw new Error("account module not registered for this database")
  return service
}

/** The person's own account under the LGPD: export it, close it; a job erases it later. */
export const accountRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const account = createAccountService(deps)
  services.set(deps.db, account)

  app.get(
    "/account/export",
    {
      config: { access: { caller: "signed-in", owns: "account" } },
      schema: {
        tags,
        summary: "Baixa todos os dados da pessoa logada em JSON (LGPD)",
        description:
          "Conta, perfil de criadora, assinaturas e pagamentos, curtidas, stories vistos, formulários de interesse e registro de acessos.",
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header("content-disposition", 'attachment; filename="meus-dados-closer.json"')
      reply.header("cache-control", "no-store")
      return account.export(requireAccount(request))
    },
  )

  app.post(
    "/account/close",
    {
      config: { access: { caller: "signed-in", owns: "account" } },
      schema: {
        tags,
        summary: "Encerra a conta de quem segue (LGPD): dados pessoais apagados em 6 meses",
        description:
          "Confirma com a senha. As renovações param e o acesso já pago acaba com a conta; todas as sessões terminam. Criadoras: 409, pelo suporte.",
        body: closeAccountBody,
        response: { 200: messageResponse, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    (request) => account.close(requireAccount(request), request.body.password, request.ip),
  )

  if (deps.config.payments?.jobs) {
    const runner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: [{ name: "account.retention", intervalMs: day, run: () => account.eraseExpired() }],
    })
    app.addHook("onReady", async () => runner.start())
    // Before the server closes: a job is not left waiting behind a slow upload's request.
    app.addHook("preClose", async () => runner.stop())
  }
}
