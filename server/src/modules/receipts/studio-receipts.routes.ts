import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { StudioReceiptSchema } from "../../../../src/domain/models.ts"
import { errorResponses } from "../../api-schemas.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { paymentIdParams, receiptsQuery } from "../../shared/billing-schemas.ts"
import type { ReceiptsService } from "./receipts.service.ts"

const tags = ["studio"]

/** The creator who receives Pix on her own key confirms each receipt against her bank account. */
export const studioReceiptRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  app.get(
    "/studio/receipts",
    {
      config: { access: { caller: "performer", owns: "studio" } },
      schema: {
        tags,
        summary: "Comprovantes de Pix enviados à criadora (em análise, ou todos)",
        querystring: receiptsQuery,
        response: { 200: z.array(StudioReceiptSchema), ...errorResponses(400, 401, 403) },
      },
    },
    (request) => receipts.list(requireAccount(request), request.query.status === "analyzing"),
  )

  for (const [action, summary] of [
    [
      "approve",
      "A criadora confirma o Pix do comprovante: o pagamento é aprovado e o acesso liberado",
    ],
    ["reject", "A criadora recusa o comprovante: o pagamento é marcado como não autorizado"],
  ] as const) {
    app.post(
      `/studio/receipts/:paymentId/${action}`,
      {
        config: { access: { caller: "performer", owns: "studio" } },
        schema: {
          tags,
          summary,
          params: paymentIdParams,
          response: { 200: StudioReceiptSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      (request) =>
        receipts.review(requireAccount(request), request.params.paymentId, action === "approve"),
    )
  }
}
