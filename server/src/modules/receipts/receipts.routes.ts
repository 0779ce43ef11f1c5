import type { FastifyRequest } from "fastify"
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { SubscriptionSchema } from "../../../../src/domain/models.ts"
import { usernameParams } from "../../api-schemas.ts"
import { BadRequestError } from "../../errors.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { registerMultipart } from "../../plugins/multipart.ts"
import { unreadableFileMessage } from "../../shared/billing-messages.ts"
import { errorResponses } from "../../shared/billing-schemas.ts"
import { receiptMaxBytes, type ReceiptsService } from "./receipts.service.ts"

const tags = ["subscriptions"]

/** The multipart file, or a pt-BR 400 when the body is not readable multipart. */
async function readFile(request: FastifyRequest) {
  try {
    return await request.file({ limits: { fileSize: receiptMaxBytes, files: 1 } })
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) throw error
    throw new BadRequestError(unreadableFileMessage, "invalid_multipart", "file")
  }
}

/** The follower's receipt of a Pix paid to the creator's own key. */
export const receiptUploadRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  await registerMultipart(app)
  app.post(
    "/:username/subscription/pix/receipt",
    {
      config: { access: { caller: "signed-in", owns: "subscription" } },
      schema: {
        tags,
        summary: "Envia o comprovante do Pix feito para a chave da criadora",
        description: `multipart/form-data com o campo \`file\` (imagem, até ${receiptMaxBytes / 1024 / 1024} MB) e, opcional, \`endToEndId\`. O pagamento fica "em análise" até a criadora aprovar. Um comprovante já usado é recusado.`,
        consumes: ["multipart/form-data"],
        params: usernameParams,
        response: {
          200: SubscriptionSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) =>
      receipts.upload(request.params.username, requireAccount(request), await readFile(request)),
  )
}
