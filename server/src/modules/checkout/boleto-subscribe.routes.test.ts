import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PaymentResultSchema, ProfileSchema } from "../../../../src/domain/models.ts"
import { idempotencyKeys, sandboxObjects, subscriptions } from "../../db/schema-billing.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import { auditOf, boletoPayer, paymentsOf, subscriptionOf } from "../../../test/billing-test-kit.ts"

let t: TestApp
let iugu: TestCreator
let mercadoPago: TestCreator
let bacen: TestCreator
let pixOnly: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  iugu = await t.createCreator({ paymentGateway: "iugu" })
  mercadoPago = await t.createCreator({ paymentGateway: "mercadoPago" })
  bacen = await t.createCreator({ paymentGateway: "bacen" })
  pixOnly = await t.createCreator({ paymentGateway: "mercadoPagoPixOnly" })
})
afterAll(() => t.close())

const boleto = (
  creator: TestCreator,
  buyer: TestAccount | null,
  payload: Record<string, unknown>,
  key?: string,
) =>
  t.inject({
    method: "POST",
    url: `/v1/${creator.username}/subscription/boleto`,
    token: buyer?.token,
    payload,
    headers: key ? { "idempotency-key": key } : {},
  })

const rowsOf = (buyer: TestAccount) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.accountId, buyer.id))

const keysOf = (buyer: TestAccount) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, `account:${buyer.id}`))

/** Boletos the simulated gateway registered for this creator's provider. */
const atGateway = async (provider: string, ids: string[]) =>
  (await t.db.select().from(sandboxObjects).where(eq(sandboxObjects.provider, provider))).filter(
    (row) => ids.includes(row.id),
  )

describe("POST /v1/:username/subscription/boleto: a follower with no subscription yet", () => {
  it("gets a pending subscription with a boleto waiting at the gateway, for iugu and Mercado Pago", async () => {
    for (const creator of [iugu, mercadoPago]) {
      const buyer = await t.createAccount()
      expect(await subscriptionOf(t, creator.username, buyer.token)).toBeNull()

      const res = await boleto(creator, buyer, { planName: "QUARTERLY", ...boletoPayer })
      expect(res.statusCode, res.body).toBe(200)
      const { subscription } = PaymentResultSchema.parse(res.json())
      expect(subscription).toMatchObject({
        status: "pending",
        payment: {
          paymentMethod: "boleto",
          status: "pending",
          paymentGateway: creator === iugu ? "iugu" : "mercadoPago",
        },
      })
      const url = subscription.payment!.boletoUrl!
      expect(url).toMatch(/^https?:\/\//)
      const page = await t.inject({ url: new URL(url).pathname })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain("Boleto de teste")

      // What the subscription call shows afterwards is the same boleto.
      const stored = await subscriptionOf(t, creator.username, buyer.token)
      expect(stored?.payment).toMatchObject({ id: subscription.payment!.id, boletoUrl: url })
      const [payment] = await paymentsOf(t, subscription.id)
      expect(payment).toMatchObject({ planName: "QUARTERLY", method: "boleto" })
      const audit = await auditOf(t, subscription.id)
      expect(audit.map((r) => [r.entity, r.toStatus])).toContainEqual(["payment", "pending"])
    }
  })

  it("charges once when the same Idempotency-Key is sent again, and refuses the key with other data", async () => {
    const buyer = await t.createAccount()
    const payload = { planName: "MONTHLY", ...boletoPayer }
    const first = await boleto(iugu, buyer, payload, "boleto-key-0001")
    const again = await boleto(iugu, buyer, payload, "boleto-key-0001")
    expect(first.statusCode, first.body).toBe(200)
    expect(again.statusCode, again.body).toBe(200)
    const a = PaymentResultSchema.parse(first.json()).subscription
    const b = PaymentResultSchema.parse(again.json()).subscription
    expect(b.payment!.id).toBe(a.payment!.id)
    expect(b.payment!.boletoUrl).toBe(a.payment!.boletoUrl)

    const payments = await paymentsOf(t, a.id)
    expect(payments).toHaveLength(1)
    expect(await atGateway("iugu", [payments[0]!.providerPaymentId!])).toHaveLength(1)
    expect(await rowsOf(buyer)).toHaveLength(1)

    const other = await boleto(
      iugu,
      buyer,
      { ...payload, planName: "SEMIANNUAL" },
      "boleto-key-0001",
    )
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({
      code: "idempotency_key_reused",
      message: "Esta chave de idempotência já foi usada com outros dados. Gere uma nova chave.",
    })
    expect(await paymentsOf(t, a.id)).toHaveLength(1)
  })

  it("refuses an incomplete or invalid payer in pt-BR and writes nothing", async () => {
    const buyer = await t.createAccount()
    const { address } = boletoPayer
    const cases = [
      [
        { accountName: "Ana Maria Souza", address },
        "Para gerar o boleto, informe seu nome, CPF ou CNPJ e endereço (CEP, rua, número, bairro, cidade e UF).",
        "accountDocument",
      ],
      [
        { ...boletoPayer, accountDocument: "111.444.777-00" },
        "Documento inválido",
        "accountDocument",
      ],
      [
        { ...boletoPayer, address: { ...address, zipCode: "0131-010" } },
        "CEP inválido",
        "address.zipCode",
      ],
      [{ ...boletoPayer, address: { ...address, street: "" } }, "Obrigatório", "address.street"],
      [{ ...boletoPayer, address: { ...address, state: "XX" } }, "Inválido", "address.state"],
    ] as const
    for (const [payer, message, field] of cases) {
      const res = await boleto(iugu, buyer, { planName: "MONTHLY", ...payer }, `bad-${field}-key`)
      expect(res.statusCode, JSON.stringify(payer)).toBe(400)
      expect(res.json()).toEqual({ code: "validation_error", field, message })
    }
    expect(await rowsOf(buyer)).toEqual([])
    expect(await keysOf(buyer)).toEqual([])
    expect(await subscriptionOf(t, iugu.username, buyer.token)).toBeNull()
  })

  it("is advertised on the profile exactly where it can be paid", async () => {
    for (const [creator, sold] of [
      [iugu, true],
      [mercadoPago, true],
      [bacen, false],
      [pixOnly, false],
    ] as const) {
      const profile = ProfileSchema.parse(
        (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
      )
      expect(profile.subscription.paymentMethods.includes("boleto"), creator.username).toBe(sold)
    }
  })

  it("is refused, with nothing written, to creators whose gateway has no boleto", async () => {
    const buyer = await t.createAccount()
    for (const creator of [bacen, pixOnly]) {
      const res = await boleto(creator, buyer, { planName: "MONTHLY", ...boletoPayer })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: "method_unavailable",
        message: "Esta forma de pagamento não está disponível para esta criadora.",
      })
    }
    expect(await rowsOf(buyer)).toEqual([])
  })

  it("needs a session, and a plan the creator sells", async () => {
    const signedOut = await boleto(iugu, null, { planName: "MONTHLY", ...boletoPayer })
    expect(signedOut.statusCode).toBe(401)

    const buyer = await t.createAccount()
    const noPlan = await boleto(iugu, buyer, { planName: "ANUAL", ...boletoPayer })
    expect(noPlan.statusCode).toBe(404)
    expect(noPlan.json()).toMatchObject({ code: "plan_not_found", message: "Plano não encontrado" })
    expect(await rowsOf(buyer)).toEqual([])
  })

  it("replaces the open Pix of an existing pending subscription instead of adding a second one", async () => {
    const buyer = await t.createAccount()
    const pix = await t.inject({
      method: "POST",
      url: `/v1/${mercadoPago.username}/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(pix.statusCode, pix.body).toBe(200)
    const res = await boleto(mercadoPago, buyer, { planName: "MONTHLY", ...boletoPayer })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await rowsOf(buyer)
    expect(rows).toHaveLength(1)
    const payments = await paymentsOf(t, rows[0]!.id)
    expect(payments.map((p) => [p.method, p.status]).sort()).toEqual([
      ["boleto", "pending"],
      ["pix", "canceled"],
    ])
    expect(PaymentResultSchema.parse(res.json()).subscription.id).toBe(rows[0]!.id)
  })
})
