import type { LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readerCookieName } from "../../plugins/reader-cookie.ts"
import { refreshCookieName } from "../../plugins/refresh-cookie.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t.close())

const email = (label: string) => `${label}.${Date.now()}@exemplo.com.br`

/** The answer set a refresh cookie, and that cookie buys an access token for the same account. */
async function keepsSignedIn(res: LightMyRequestResponse, accessToken: string) {
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === refreshCookieName)
  expect(cookie, "refresh cookie").toBeDefined()
  // And the pass with which the server draws her own payment pages, for as long.
  const pass = res.cookies.find((c) => c.name === readerCookieName)
  expect(pass, "reader's pass").toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" })
  expect(pass?.expires).toEqual(cookie?.expires)
  const renewed = await t.inject({
    method: "POST",
    url: "/v1/auth/refresh",
    cookies: { [refreshCookieName]: cookie!.value },
  })
  expect(renewed.statusCode, renewed.body).toBe(200)
  const who = async (token: string) =>
    (await t.inject({ url: "/v1/auth/session", token })).json().account._id
  expect(await who(renewed.json().accessToken)).toBe(await who(accessToken))
}

describe("every answer that signs someone in keeps that browser signed in", () => {
  it("the short sign-up on a creator's page", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/v1/auth/customer/register/short",
      payload: {
        email: email("cadastro"),
        token: captchaTokens.valid,
        from: creator.username,
        password: "segredo1",
      },
    })
    await keepsSignedIn(res, res.json().accessToken)
  })

  it("a guest checkout, which makes the buyer's account, and its replay", async () => {
    const request = {
      method: "POST" as const,
      url: `/v1/${creator.username}/iugu/subscription/pix`,
      headers: { "idempotency-key": `chave-${Date.now()}` },
      payload: { email: email("convidada"), planName: "MONTHLY", token: captchaTokens.valid },
    }
    const first = await t.inject(request)
    await keepsSignedIn(first, first.json().auth.accessToken)
    const replay = await t.inject(request)
    await keepsSignedIn(replay, replay.json().auth.accessToken)
  })

  it("but not a signed-in purchase, nor a refused sign-in", async () => {
    const buyer = await t.createAccount()
    const bought = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/iugu/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(bought.statusCode, bought.body).toBe(200)
    expect(bought.cookies).toEqual([])
    const refused = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: { usernameOrEmail: buyer.email, password: "errada123" },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.cookies).toEqual([])
  })
})
