import { eq } from "drizzle-orm"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let token: string
let iugu: string
let bacen: string

beforeAll(async () => {
  t = await createTestApp()
  iugu = (await t.createCreator({ paymentGateway: "iugu" })).username
  const pixCreator = await t.createCreator({ paymentGateway: "bacen" })
  bacen = pixCreator.username
  await t.db
    .update(profiles)
    .set({ pixType: "random", pixKey: "123e4567-e12b-12d1-a456-426655440000" })
    .where(eq(profiles.id, pixCreator.profileId))
  const buyer = await t.createAccount()
  token = buyer.token
  // A Pix waiting for its receipt, so the upload route really reads what it is sent.
  const pix = await t.inject({
    method: "POST",
    url: `/v1/${bacen}/subscription/pix`,
    token,
    payload: { planName: "MONTHLY" },
  })
  expect(pix.statusCode).toBe(200)
})
afterAll(() => t.close())

const routes = [
  "/v1/{iugu}/iugu/subscription/credit-card",
  "/v1/{iugu}/iugu/subscription/pix",
  "/v1/{iugu}/mp/subscription/pix",
  "/v1/{iugu}/mp/subscription/card",
  "/v1/{iugu}/mp/subscription/link",
  "/v1/{iugu}/subscription/pix",
  "/v1/{iugu}/subscription/boleto",
  "/v1/{bacen}/subscription/pix/receipt",
  "/v1/payment/subscription/credit/x",
  "/v1/payment/subscription/update/00000000-0000-4000-8000-000000000000",
  "/v1/payment/subscription/boleto/x",
  "/v1/webhooks/iugu",
  "/v1/webhooks/mercadopago?data.id=1&type=payment",
  "/v1/sandbox/payments/x/pay",
  "/v1/sandbox/iugu/payment_token",
  "/v1/studio/receipts/x/approve",
]

describe("bad input on the payment calls", () => {
  it("is always a 4xx with a pt-BR message, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.json(),
          fc.object().map((value) => JSON.stringify(value)),
          fc.string(),
          fc
            .string()
            .map(
              (value) =>
                `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${value}`,
            ),
        ),
        fc.boolean(),
        fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "text/plain",
          "multipart/form-data; boundary=x",
        ),
        async (route, body, signedIn, type) => {
          const res = await t.inject({
            method: "POST",
            url: route.replace("{iugu}", iugu).replace("{bacen}", bacen),
            token: signedIn ? token : undefined,
            headers: { "content-type": type },
            payload: body,
          })
          expect(res.statusCode, `${route} ${type} ${body} ${res.body}`).toBeGreaterThanOrEqual(400)
          expect(res.statusCode, `${route} ${type} ${body} ${res.body}`).toBeLessThan(500)
          expect(typeof res.json().message).toBe("string")
        },
      ),
      { numRuns: 300 },
    )
  }, 120_000)
})
