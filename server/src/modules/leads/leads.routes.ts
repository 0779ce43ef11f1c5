import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { leadFieldsSchema } from "../../../../src/domain/validation.ts"
import { captchaTokenField, errorResponses, messageResponse } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createLeadsService } from "./leads.service.ts"

export const leadBody = leadFieldsSchema.extend({ token: captchaTokenField })

export const leadsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const leads = createLeadsService(deps)
  app.post(
    "/performer/lead",
    {
      config: { rateLimit: { max: 5, timeWindow: 60 * 60_000 }, access: { caller: "public" } },
      schema: {
        tags: ["leads"],
        summary: "Criadora interessada deixa instagram, e-mail e WhatsApp",
        description:
          '`confirmEmail`, quando enviado, deve ser o mesmo e-mail: se não for, 422 "Os e-mails não conferem" e nada é gravado.',
        body: leadBody,
        response: { 200: messageResponse, ...errorResponses(400, 403, 422, 429) },
      },
    },
    (request) => leads.create(request.body, request.ip),
  )
}
