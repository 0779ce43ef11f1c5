import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminAuditSchema, AdminSubscriptionSchema } from "../../../../src/domain/admin.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { checkout, settleInSandbox } from "../../../test/billing-test-kit.ts"

let t: TestApp
let operator: string

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(() => t.close())

describe("GET /v1/admin/subscriptions and /v1/admin/subscriptions/:id/audit", () => {
  it("finds a subscription and shows every status change with who made it", async () => {
    await t.createCreator({ username: "auditada" })
    const bought = await checkout(t, "/v1/auditada/iugu/subscription/pix", {
      email: "auditoria@exemplo.com.br",
      planName: "monthly",
      token: captchaTokens.valid,
    })
    t.clock.advance(60_000)
    await settleInSandbox(t, bought.subscription, bought.auth!.accessToken)

    for (const q of ["auditoria@exemplo", "@auditada"]) {
      const found = await t.inject({
        url: `/v1/admin/subscriptions?q=${encodeURIComponent(q)}`,
        token: operator,
      })
      expect(found.statusCode).toBe(200)
      expect(AdminSubscriptionSchema.array().parse(found.json())).toEqual([
        expect.objectContaining({
          subscriptionId: bought.subscription.id,
          subscriberAccountId: bought.subscription.from,
          subscriberEmail: "auditoria@exemplo.com.br",
          creatorUsername: "auditada",
          status: "paid",
          plan: "MONTHLY",
        }),
      ])
    }

    const res = await t.inject({
      url: `/v1/admin/subscriptions/${bought.subscription.id}/audit`,
      token: operator,
    })
    expect(res.statusCode).toBe(200)
    const history = AdminAuditSchema.parse(res.json())
    const payment = history.entries.filter((entry) => entry.entity === "payment")
    expect(payment.at(-1)).toMatchObject({
      toStatus: "paid",
      paymentId: bought.subscription.payment!.id,
    })
    expect(history.entries.some((e) => e.entity === "subscription" && e.toStatus === "paid")).toBe(
      true,
    )
    expect(history.entries.every((e) => e.actor.length > 0)).toBe(true)
  })

  it("answers 404, 400 for a short search, and 403 for non-operators", async () => {
    const missing = await t.inject({
      url: "/v1/admin/subscriptions/00000000-0000-4000-8000-000000000000/audit",
      token: operator,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      message: "Assinatura não encontrada",
      code: "subscription_not_found",
    })
    const short = await t.inject({ url: "/v1/admin/subscriptions?q=ab", token: operator })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ message: "Inválido", field: "q" })
    const creator = await t.createCreator()
    expect(
      (await t.inject({ url: "/v1/admin/subscriptions?q=abc", token: creator.token })).statusCode,
    ).toBe(403)
  })
})
