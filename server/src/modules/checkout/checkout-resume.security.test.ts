import { createHash, randomUUID } from "node:crypto"
import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accounts } from "../../db/schema.ts"
import { idempotencyKeys, payments } from "../../db/schema-billing.ts"
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

const browser = "navegador-que-caiu"
const post = (url: string, key: string, payload: object, token?: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      [xsrfHeaderName]: browser,
      "idempotency-key": key,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    cookies: { [xsrfCookieName]: browser },
    payload,
  })

/**
 * Puts back what a process SIGKILLed while the gateway was creating the Pix leaves behind: the
 * claim of the key (with what it noted) not completed, and the payment without the gateway's answer.
 */
async function dieMidRequest(key: string, paymentId: string, note: unknown) {
  const then = new Date(t.clock.now().getTime() - 25_000)
  await t.db
    .update(idempotencyKeys)
    .set({ completedAt: null, statusCode: null, response: note, createdAt: then })
    .where(eq(idempotencyKeys.key, key))
  await t.db
    .update(payments)
    .set({
      providerRef: null,
      providerPaymentId: null,
      pixCode: null,
      pixUrl: null,
      createdAt: then,
      expiresAt: new Date(then.getTime() + 30 * 60_000),
    })
    .where(eq(payments.id, paymentId))
}

describe("a checkout retried after its process died mid-request", () => {
  it("signs the guest in with a new password and a new Pix instead of 'e-mail already registered'", async () => {
    const email = "caiu.no.meio@exemplo.com.br"
    const key = "retry-after-crash-0001"
    const url = `/v1/${username}/iugu/subscription/pix`
    const body = { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid }
    const first = await post(url, key, body)
    expect(first.statusCode, first.body).toBe(200)
    const firstPayment = first.json().subscription.payment.id
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email))
    await dieMidRequest(key, firstPayment, { accountId: account!.id, version: 0 })

    const retry = await post(url, key, body)
    expect(retry.statusCode, retry.body).toBe(200)
    const answer = retry.json()
    expect(answer.auth.accessToken).toBeTruthy()
    expect(answer.auth.password).toBeTruthy()
    expect(answer.subscription.payment.pixCode).toBeTruthy()
    expect(answer.subscription.payment.id).not.toBe(firstPayment)
    const [abandoned] = await t.db.select().from(payments).where(eq(payments.id, firstPayment))
    expect(abandoned!.status).toBe("canceled")
    expect(await t.db.$count(accounts, eq(accounts.email, email))).toBe(1)
    // The new password works; the one the dead process made was never shown to anyone.
    expect((await t.login(email, answer.auth.password)).length).toBeGreaterThan(0)

    // Another browser with the same e-mail and key gets nothing of it.
    const other = await t.app.inject({
      method: "POST",
      url,
      headers: { [xsrfHeaderName]: "outro", "idempotency-key": key },
      cookies: { [xsrfCookieName]: "outro" },
      payload: body,
    })
    expect(other.statusCode).toBe(409)
  })

  it("creates the account a dead attempt had noted but not yet created, instead of 'e-mail already registered'", async () => {
    const email = "caiu.antes.da.conta@exemplo.com.br"
    const key = "retry-after-crash-0003"
    const url = `/v1/${username}/iugu/subscription/pix`
    const body = { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid }
    // What the claim holds once the id is chosen, before the account exists.
    const accountId = randomUUID()
    const then = new Date(t.clock.now().getTime() - 25_000)
    await t.db.insert(idempotencyKeys).values({
      scope: `email:${email}:browser:${createHash("sha256").update(browser).digest("base64url")}`,
      key,
      requestHash: createHash("sha256")
        .update(
          JSON.stringify({
            route: "iugu:pix",
            username,
            email,
            planName: "MONTHLY",
            typeAuth: "new_user",
          }),
        )
        .digest("hex"),
      response: { accountId, version: 0 },
      createdAt: then,
    })

    const retry = await post(url, key, body)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().auth.accessToken).toBeTruthy()
    expect(retry.json().subscription.payment.pixCode).toBeTruthy()
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email))
    expect(account!.id).toBe(accountId)
  })

  it("gives a signed-in buyer a Pix code instead of the dead attempt's payment without one", async () => {
    const buyer = await t.createAccount()
    const key = "retry-after-crash-0002"
    const url = `/v1/${username}/subscription/pix`
    const first = await post(url, key, { planName: "MONTHLY" }, buyer.token)
    expect(first.statusCode, first.body).toBe(200)
    const firstPayment = first.json().payment.id
    await dieMidRequest(key, firstPayment, null)

    const started = Date.now()
    const retry = await post(url, key, { planName: "MONTHLY" }, buyer.token)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().payment.pixCode).toBeTruthy()
    expect(retry.json().payment.id).not.toBe(firstPayment)
    // It does not sit waiting for a payment nobody is creating any more.
    expect(Date.now() - started).toBeLessThan(10_000)
    const open = await t.db.$count(
      payments,
      sql`${payments.subscriptionId} = ${first.json().id} and ${payments.status} = 'pending'`,
    )
    expect(open).toBe(1)
  })
})
