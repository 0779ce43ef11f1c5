import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { payments } from "../../db/schema-billing.ts"
import { createTestApp, type TestAccount, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let buyer: TestAccount
let subscriptionId: string

beforeAll(async () => {
  // The test clock says 15/01/2025.
  t = await createTestApp()
  const creator = await t.createCreator({ paymentGateway: "iugu" })
  buyer = await t.createAccount()
  subscriptionId = (
    await t.createSubscription({ accountId: buyer.id, profileId: creator.profileId })
  ).id
})
afterAll(() => t.close())

const send = (path: string, birthdate: string) =>
  t.inject({
    method: "POST",
    url: `/v1/payment/subscription/${path}/${subscriptionId}`,
    token: buyer.token,
    payload: { planName: "MONTHLY", creditCardToken: "token-de-teste", birthdate },
  })

describe("a birth date under 18 where the card form collects one", () => {
  it("is refused in pt-BR before anything is charged", async () => {
    const before = await t.db.$count(payments)
    for (const path of ["credit", "update"]) {
      for (const birthdate of ["16/01/2007", "10/05/2012"]) {
        const res = await send(path, birthdate)
        expect(res.statusCode, `${path} ${birthdate}`).toBe(422)
        expect(res.json()).toEqual({
          message: "A Closer é apenas para maiores de 18 anos.",
          code: "under_age",
          field: "birthdate",
        })
      }
    }
    expect(await t.db.$count(payments)).toBe(before)
  })

  it("lets someone 18 today through the age check", async () => {
    const res = await send("update", "15/01/2007")
    expect(res.json().code).not.toBe("under_age")
  })
})
