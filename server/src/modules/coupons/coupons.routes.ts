import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import {
  CouponQuoteSchema,
  StudioCouponSchema,
  couponCreateBody,
  couponStatusBody,
} from "../../../../src/domain/coupons.ts"
import { errorResponses, usernameParams } from "../../api-schemas.ts"
import { requireAccount } from "../../plugins/auth.ts"
import type { CouponsService } from "./coupons.service.ts"

const performer = { access: { caller: "performer", owns: "studio" } } as const
const minute = 60_000

/** The creator's coupons in the studio, and the checkout's look-up of a code. */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (
  app,
  { coupons },
) => {
  app.get(
    "/studio/coupons",
    {
      config: performer,
      schema: {
        tags: ["studio"],
        summary:
          "Cupons da criadora, com usos e a receita das assinaturas que começaram com cada um",
        response: { 200: z.array(StudioCouponSchema), ...errorResponses(401, 403) },
      },
    },
    (request) => coupons.list(requireAccount(request).id),
  )

  app.post(
    "/studio/coupons",
    {
      config: performer,
      schema: {
        tags: ["studio"],
        summary: "Cria um cupom de desconto no primeiro período",
        description:
          "O código vale sem diferença de maiúsculas e é único por criadora (409 `coupon_duplicate`). " +
          "Um desconto fixo precisa ser menor que o valor de cada plano (422 `coupon_too_large`).",
        body: couponCreateBody,
        response: { 200: StudioCouponSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) => coupons.create(requireAccount(request).id, request.body),
  )

  app.patch(
    "/studio/coupons/:couponId",
    {
      config: performer,
      schema: {
        tags: ["studio"],
        summary: "Pausa, reativa ou encerra um cupom (encerrado não volta)",
        params: z.object({ couponId: z.string().max(60) }),
        body: couponStatusBody,
        response: { 200: StudioCouponSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      coupons.setStatus(requireAccount(request).id, request.params.couponId, request.body.status),
  )

  app.get(
    "/:username/coupons/:code",
    {
      config: {
        // Guessing codes one by one is slow.
        rateLimit: { max: 30, timeWindow: 10 * minute },
        access: { caller: "public" },
      },
      schema: {
        tags: ["subscriptions"],
        summary: "O desconto de um cupom da criadora, para o checkout mostrar o novo preço",
        description:
          "404 `coupon_invalid` para um código desconhecido ou encerrado; 422 `coupon_paused`, `coupon_expired` ou `coupon_used_up`.",
        params: usernameParams.extend({ code: z.string().max(60) }),
        response: { 200: CouponQuoteSchema, ...errorResponses(404, 422, 429) },
      },
    },
    (request) => coupons.quote(request.params.username, request.params.code),
  )
}
