import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { xsrfCookieName, xsrfHeaderName } from "../../plugins/anti-forgery.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let username: string

beforeAll(async () => {
  t = await createTestApp()
  username = (await t.createCreator({ paymentGateway: "iugu" })).username
})
afterAll(() => t.close())

/** A signed-out Pix checkout from the browser holding this anti-forgery cookie. */
const guestPix = (browser: string, email: string, key: string) =>
  t.app.inject({
    method: "POST",
    url: `/v1/${username}/iugu/subscription/pix`,
    headers: { [xsrfHeaderName]: browser, "idempotency-key": key },
    cookies: { [xsrfCookieName]: browser },
    payload: { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid },
  })

describe("a guest checkout's Idempotency-Key", () => {
  it("signs the buyer in again only in the browser that made the purchase", async () => {
    const email = "convidada.replay@exemplo.com.br"
    const key = "3f1d2c8e-replay-key-0001"
    const first = await guestPix("navegador-da-compradora", email, key)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().auth.accessToken).toBeTruthy()

    // Someone who learnt the e-mail and the key (a log, a proxy) tries it from elsewhere.
    const stolen = await guestPix("navegador-de-outra-pessoa", email, key)
    expect(stolen.statusCode).toBe(409)
    expect(stolen.json()).toMatchObject({ code: "email_taken" })
    expect(stolen.body).not.toContain("accessToken")

    const retry = await guestPix("navegador-da-compradora", email, key)
    expect(retry.statusCode).toBe(200)
    expect(retry.json().auth.accessToken).toBeTruthy()
    expect(retry.json().subscription.id).toBe(first.json().subscription.id)
  })
})
