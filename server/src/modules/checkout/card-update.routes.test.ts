import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PaymentResultSchema, SavedCardSchema } from "../../../../src/domain/models.ts"
import { createTestApp, type TestAccount, type TestApp } from "../../testing/test-app.ts"
import { paymentsOf, subscriptionOf } from "../../../test/billing-test-kit.ts"

/** "Atualizar cartão": the renewal card and paying a refused card payment with a new card. */

let t: TestApp
let username: string

beforeAll(async () => {
  t = await createTestApp()
  username = (await t.createCreator({ paymentGateway: "iugu" })).username
})
afterAll(() => t.close())

async function cardToken(number: string) {
  const res = await t.inject({
    method: "POST",
    url: "/v1/sandbox/iugu/payment_token",
    payload: {
      account_id: "sandbox",
      method: "credit_card",
      data: {
        number,
        verification_value: "321",
        first_name: "Bia",
        last_name: "Lima",
        month: 1,
        year: 2031,
      },
    },
  })
  return res.json().id as string
}

/** A buyer whose first card payment the bank refused: no access, a failed card payment. */
async function refusedBuyer(): Promise<{ buyer: TestAccount; id: string }> {
  const buyer = await t.createAccount()
  const res = await t.inject({
    method: "POST",
    url: `/v1/${username}/iugu/subscription/credit-card`,
    token: buyer.token,
    payload: { planName: "MONTHLY", creditCardToken: await cardToken("4000000000000002") },
  })
  expect(res.statusCode, res.body).toBe(422)
  const subscription = (await subscriptionOf(t, username, buyer.token))!
  expect(subscription.payment).toMatchObject({ status: "failed", paymentMethod: "credit_card" })
  return { buyer, id: subscription.id }
}

const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.inject({ method: "POST", url, token, payload })

describe("POST /payment/subscription/credit/{id} and /payment/subscription/update/{id}", () => {
  it("pays a refused card payment with a new card, which becomes a saved card", async () => {
    const { buyer, id } = await refusedBuyer()
    const paid = await post(`/v1/payment/subscription/credit/${id}`, buyer.token, {
      creditCardToken: await cardToken("5555555555554444"),
      accountName: "BIA LIMA",
      accountDocument: "11144477735",
      cardHolderName: "BIA LIMA",
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(PaymentResultSchema.parse(paid.json()).subscription).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
    const cards = SavedCardSchema.array().parse(
      (await t.inject({ url: "/v1/iugu/cards", token: buyer.token })).json(),
    )
    expect(cards.map((card) => card.displayNumber)).toContain("XXXX-XXXX-XXXX-4444")
  })

  it("answers a card the bank refuses again with the issuer's pt-BR message, and gives no access", async () => {
    const { buyer, id } = await refusedBuyer()
    const refused = await post(`/v1/payment/subscription/credit/${id}`, buyer.token, {
      creditCardToken: await cardToken("4000000000000002"),
    })
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().message).toBe("Transação negada")
    expect(await subscriptionOf(t, username, buyer.token)).toMatchObject({
      status: "unpaid",
      payment: { status: "failed" },
    })
  })

  it("refuses invalid fields with the form's pt-BR messages and changes nothing", async () => {
    const { buyer, id } = await refusedBuyer()
    const before = await paymentsOf(t, id)
    const cases = [
      [`/v1/payment/subscription/update/${id}`, { creditCardToken: "" }, "Obrigatório"],
      [
        `/v1/payment/subscription/update/${id}`,
        { creditCardToken: "tok", accountDocument: "12345678900" },
        "Documento inválido",
      ],
      [
        `/v1/payment/subscription/credit/${id}`,
        { accountName: "BIA" },
        "Informe os dados do cartão",
      ],
      [
        `/v1/payment/subscription/credit/${id}`,
        { creditCardToken: "tok", cardHolderName: "BIA" },
        "Inválido",
      ],
    ] as const
    for (const [url, payload, message] of cases) {
      const res = await post(url, buyer.token, payload)
      expect(res.statusCode, `${url} ${res.body}`).toBe(400)
      expect(res.json().message, url).toContain(message)
    }
    expect(await paymentsOf(t, id)).toEqual(before)
    expect((await t.inject({ url: "/v1/iugu/cards", token: buyer.token })).json()).toHaveLength(1)
  })
})
