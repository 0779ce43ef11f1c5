import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { captchaTokens } from "../../testing/fake-recaptcha.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../testing/test-app.ts"
import { checkout } from "../../../test/billing-test-kit.ts"

/** Spec §5 confirmEmail on the checkout: a new buyer's account goes to the address typed twice. */
let t: TestApp
let creator: TestCreator
let pixUrl: string
let cardUrl: string

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
  pixUrl = `/v1/${creator.username}/iugu/subscription/pix`
  cardUrl = `/v1/${creator.username}/iugu/subscription/credit-card`
})
afterAll(() => t.close())

const accountCount = (email: string) => t.db.$count(accounts, eq(accounts.email, email))

describe("confirmEmail on the guest checkout", () => {
  it("creates the account when the confirmation matches in any case", async () => {
    const email = "confere@exemplo.com.br"
    const answer = await checkout(t, pixUrl, {
      email,
      confirmEmail: "Confere@Exemplo.com.br",
      planName: "MONTHLY",
      token: captchaTokens.valid,
    })
    expect(answer.auth?.password).toBeTruthy()
    expect(await accountCount(email)).toBe(1)
  })

  it("refuses a differing confirmation with 422 in pt-BR and creates nothing", async () => {
    const before = await t.db.$count(subscriptions)
    for (const url of [pixUrl, cardUrl]) {
      const res = await t.inject({
        method: "POST",
        url,
        payload: {
          email: "digitou@exemplo.com.br",
          confirmEmail: "digitou@exmplo.com.br",
          planName: "MONTHLY",
          creditCardToken: "nunca-usado",
          token: captchaTokens.valid,
        },
      })
      expect(res.statusCode, url).toBe(422)
      expect(res.json()).toEqual({
        message: "Os e-mails não conferem",
        code: "email_mismatch",
        field: "confirmEmail",
      })
    }
    expect(await accountCount("digitou@exemplo.com.br")).toBe(0)
    expect(await accountCount("digitou@exmplo.com.br")).toBe(0)
    expect(await t.db.$count(subscriptions)).toBe(before)
  })

  it("answers a malformed confirmation at the field", async () => {
    const res = await t.inject({
      method: "POST",
      url: pixUrl,
      payload: {
        email: "malformado@exemplo.com.br",
        confirmEmail: "malformado@",
        planName: "MONTHLY",
        token: captchaTokens.valid,
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: "Email inválido", field: "confirmEmail" })
    expect(await accountCount("malformado@exemplo.com.br")).toBe(0)
  })
})
