import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { parsePixCode } from "../../../../../src/domain/pix.ts"
import { createManualClock } from "../../../clock.ts"
import {
  GatewayDeclinedError,
  GatewayUnavailableError,
  type ChargeRequest,
  type Gateway,
} from "../gateway.ts"
import { serveSimulator, type FakeServer } from "../sandbox/simulator-http.ts"
import { createMemoryStore } from "../sandbox/simulator-store.ts"
import { createMercadoPagoClient } from "./mp-client.ts"
import { createMercadoPagoGateway } from "./mp-gateway.ts"
import { createMercadoPagoSimulator, type MercadoPagoSimulator } from "./mp-simulator.ts"
import { verifySignature } from "./mp-signature.ts"

const accessToken = "APP_USR-teste"
const day = 24 * 60 * 60_000
const clock = createManualClock(new Date("2025-03-10T15:00:00.000Z"))
let simulator: MercadoPagoSimulator
let fake: FakeServer
let gateway: Gateway

beforeAll(async () => {
  simulator = createMercadoPagoSimulator({
    store: createMemoryStore(),
    now: () => clock.now(),
    accessToken,
    publicUrl: "http://localhost:3000",
  })
  fake = await serveSimulator(simulator.handle)
  gateway = createMercadoPagoGateway(
    createMercadoPagoClient({ apiUrl: fake.url, accessToken, timeoutMs: 2_000 }),
  )
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests.length = 0
})

let sequence = 0
const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: `6f1c2a8e-0d5b-4a3c-9e7f-1b2c3d4e5f${String(sequence++).padStart(2, "0")}`,
  idempotencyKey: `idem-${sequence}`,
  method: "pix",
  amountCents: 3189,
  recurringAmountCents: 3189,
  description: "Close Friends @demo.mp - Mensal",
  plan: { id: "plan-1", name: "MONTHLY", months: 1 },
  buyer: { accountId: "acc", email: "ana@exemplo.com.br", name: "Ana Maria Souza", document: null },
  seller: { profileId: "p", username: "demo.mp", fullName: "Marina", pixType: null, pixKey: null },
  now: clock.now(),
  expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  returnUrl: "http://localhost:3000/demo.mp/payment/status",
  notificationUrl: "http://localhost:3000/v1/webhooks/mercadopago",
  ...overrides,
})

describe("Mercado Pago adapter against Mercado Pago's HTTP API", () => {
  it("creates a Pix payment with the bearer token and X-Idempotency-Key, and reads its BR Code", async () => {
    const input = request()
    const result = await gateway.charge(input)
    const sent = fake.requests.find((r) => r.path === "/v1/payments")!
    expect(sent.headers.authorization).toBe(`Bearer ${accessToken}`)
    expect(sent.headers["x-idempotency-key"]).toBe(input.idempotencyKey)
    expect(sent.body).toMatchObject({
      transaction_amount: 31.89,
      payment_method_id: "pix",
      payer: { email: "ana@exemplo.com.br", first_name: "Ana", last_name: "Maria Souza" },
      external_reference: input.paymentId,
      notification_url: input.notificationUrl,
    })
    const expiry = new Date((sent.body as { date_of_expiration: string }).date_of_expiration)
    expect(expiry.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(30 * 60_000)
    expect(result.status).toBe("pending")
    expect(parsePixCode(result.pixCode!)).toMatchObject({ amountCents: 3189, singleUse: true })
    expect(result.pixUrl).toBeTruthy()
  })

  it("gets the same payment back when a creation is retried with the same key", async () => {
    const input = request()
    const first = await gateway.charge(input)
    const retry = await gateway.charge(input)
    expect(retry.providerPaymentId).toBe(first.providerPaymentId)
    const missingKey = await fetch(`${fake.url}/v1/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        transaction_amount: 1,
        payment_method_id: "pix",
        payer: { email: "a@b.c" },
      }),
    })
    expect(missingKey.status).toBe(400)
  })

  it("maps every payment status when re-fetching, and unknown ids to null", async () => {
    const { providerPaymentId } = await gateway.charge(request())
    for (const [mp, ours] of [
      ["in_process", "pending"],
      ["approved", "paid"],
      ["refunded", "refunded"],
      ["charged_back", "chargedback"],
      ["rejected", "failed"],
      ["cancelled", "canceled"],
    ] as const) {
      await simulator.setPaymentStatus(providerPaymentId!, mp)
      expect((await gateway.fetchPayment(providerPaymentId!))?.status).toBe(ours)
    }
    expect(await gateway.fetchPayment("99999999999")).toBeNull()
    fake.requests.length = 0
    expect(await gateway.fetchPayment("../preapproval/x")).toBeNull()
    expect(fake.requests).toHaveLength(0)
  })

  it("makes a boleto (bolbradesco) due on its date, approved only when the bank compensates it", async () => {
    const input = request({
      method: "boleto",
      expiresAt: new Date(clock.now().getTime() + 3 * day),
      buyer: {
        accountId: "acc",
        email: "ana@exemplo.com.br",
        name: "Ana Maria Souza",
        document: "11144477735",
        address: {
          zipCode: "01310100",
          street: "Avenida Paulista",
          number: "1578",
          complement: "apto 12",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
        },
      },
    })
    const result = await gateway.charge(input)
    const sent = fake.requests.find((r) => r.path === "/v1/payments")!
    expect(sent.headers["x-idempotency-key"]).toBe(input.idempotencyKey)
    expect(sent.body).toEqual({
      transaction_amount: 31.89,
      description: input.description,
      payment_method_id: "bolbradesco",
      payer: {
        email: "ana@exemplo.com.br",
        first_name: "Ana",
        last_name: "Maria Souza",
        identification: { type: "CPF", number: "11144477735" },
        address: {
          zip_code: "01310100",
          street_name: "Avenida Paulista, apto 12",
          street_number: "1578",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          federal_unit: "SP",
        },
      },
      external_reference: input.paymentId,
      notification_url: input.notificationUrl,
      date_of_expiration: input.expiresAt.toISOString(),
    })
    expect(result).toMatchObject({
      status: "pending",
      providerRef: result.providerPaymentId,
      pixCode: null,
    })
    expect(result.boletoUrl).toBe(
      `http://localhost:3000/v1/sandbox/boleto/mercadopago/${result.providerPaymentId}`,
    )
    const id = result.providerPaymentId!
    expect(await gateway.fetchPayment(id)).toMatchObject({
      status: "pending",
      method: "boleto",
      amountCents: 3189,
      paymentRef: input.paymentId,
    })

    // Paid at the bank: still pending, and no longer cancellable, until compensated.
    const atBank = (await simulator.payBoleto(id))!
    expect(atBank.already).toBe(false)
    const days = (Date.parse(atBank.compensatesAt) - clock.now().getTime()) / day
    expect(days).toBeGreaterThanOrEqual(1)
    expect(days).toBeLessThanOrEqual(5)
    await gateway.cancelPayment(id, "boleto")
    expect((await gateway.fetchPayment(id))?.status).toBe("pending")
    expect(await simulator.compensateDue()).toEqual([])
    clock.set(new Date(atBank.compensatesAt))
    expect((await simulator.compensateDue()).map((payment) => String(payment.id))).toEqual([id])
    expect((await gateway.fetchPayment(id))?.status).toBe("paid")
    expect((await simulator.payBoleto(id))?.already).toBe(true)
  })

  it("sends card buyers to a preapproval page that renews every plan period", async () => {
    const input = request({
      method: "credit_card",
      plan: { id: "plan-3", name: "QUARTERLY", months: 3 },
    })
    const result = await gateway.charge(input)
    expect(fake.requests.find((r) => r.path === "/preapproval")?.body).toEqual({
      reason: input.description,
      external_reference: input.paymentId,
      payer_email: "ana@exemplo.com.br",
      auto_recurring: {
        frequency: 3,
        frequency_type: "months",
        transaction_amount: 31.89,
        currency_id: "BRL",
      },
      back_url: input.returnUrl,
      status: "pending",
    })
    expect(result).toMatchObject({ status: "pending", gatewaySubscriptionId: result.providerRef })
    expect(result.checkoutUrl).toContain(input.returnUrl)

    const paid = (await simulator.payCheckout(
      { kind: "preapproval", id: result.providerRef! },
      true,
    ))!
    expect(await gateway.fetchPayment(String(paid.id))).toMatchObject({
      status: "paid",
      paymentRef: input.paymentId,
      gatewaySubscriptionId: result.providerRef,
      method: "credit_card",
    })
    // Found by our reference too, when its notification never came.
    expect(
      await gateway.findPayments({
        paymentId: input.paymentId,
        method: "credit_card",
        buyerEmail: input.buyer.email,
        customerId: null,
        createdAt: clock.now(),
      }),
    ).toEqual([expect.objectContaining({ providerPaymentId: String(paid.id), status: "paid" })])
    clock.advance(92 * 24 * 60 * 60_000)
    const [renewal] = await simulator.renewDue()
    expect(renewal).toMatchObject({ status: "approved", external_reference: input.paymentId })
    await gateway.cancelRecurrence(result.providerRef!)
    expect(await gateway.isRecurrenceCancelled!(result.providerRef!)).toBe(true)
  })

  it("finds the payments made for one of ours by external_reference, when no webhook told us", async () => {
    const input = request({ method: "link" })
    const link = await gateway.charge(input)
    const page = { kind: "preference" as const, id: link.providerRef! }
    const refused = (await simulator.payCheckout(page, false))!
    const paid = (await simulator.payCheckout(page, true))!
    await gateway.charge(request())
    fake.requests.length = 0

    const reference = {
      paymentId: input.paymentId,
      method: "link" as const,
      buyerEmail: input.buyer.email,
      customerId: null,
      createdAt: clock.now(),
    }
    const found = await gateway.findPayments(reference)
    const [search] = fake.requests
    expect(`${search!.method} ${search!.path}`).toBe("GET /v1/payments/search")
    expect(search!.headers.authorization).toBe(`Bearer ${accessToken}`)
    expect(Object.fromEntries(search!.query)).toEqual({
      external_reference: input.paymentId,
      sort: "date_created",
      criteria: "desc",
      limit: "30",
    })
    expect(
      found.map(({ providerPaymentId, status, paymentRef }) => ({
        providerPaymentId,
        status,
        paymentRef,
      })),
    ).toEqual(
      expect.arrayContaining([
        { providerPaymentId: String(paid.id), status: "paid", paymentRef: input.paymentId },
        { providerPaymentId: String(refused.id), status: "failed", paymentRef: input.paymentId },
      ]),
    )
    expect(found).toHaveLength(2)
    expect(
      await gateway.findPayments({
        ...reference,
        paymentId: "6f1c2a8e-0000-4000-8000-000000000000",
      }),
    ).toEqual([])
  })

  it("makes a payment link from a checkout preference", async () => {
    const input = request({ method: "link" })
    const result = await gateway.charge(input)
    expect(fake.requests.find((r) => r.path === "/checkout/preferences")?.body).toMatchObject({
      items: [{ title: input.description, quantity: 1, unit_price: 31.89, currency_id: "BRL" }],
      external_reference: input.paymentId,
      notification_url: input.notificationUrl,
      back_urls: { success: input.returnUrl, failure: input.returnUrl, pending: input.returnUrl },
    })
    expect(result).toMatchObject({ status: "pending", providerPaymentId: null })
    expect(result.checkoutUrl).toBeTruthy()
  })

  it("turns a refusal into a declined error and an outage into unavailable", async () => {
    await expect(gateway.charge(request({ amountCents: 0 }))).rejects.toThrow(GatewayDeclinedError)
    // Like Mercado Pago since 2024: no boleto without the payer's address.
    await expect(
      gateway.charge(
        request({
          method: "boleto",
          expiresAt: new Date(clock.now().getTime() + 3 * day),
          buyer: { ...request().buyer, document: "11144477735" },
        }),
      ),
    ).rejects.toThrow(/payer\.address\.zip_code is required/)
    fake.failNext(500)
    await expect(gateway.charge(request())).rejects.toThrow(GatewayUnavailableError)
  })

  it("signs its notifications the way the webhook route verifies them", () => {
    const hook = simulator.notification("123456789", "segredo-de-webhook")
    const query = new URLSearchParams(hook.query)
    expect(query.get("data.id")).toBe("123456789")
    expect(query.get("type")).toBe("payment")
    expect(JSON.parse(hook.body)).toMatchObject({
      type: "payment",
      action: "payment.updated",
      data: { id: "123456789" },
    })
    expect(
      verifySignature({
        secret: "segredo-de-webhook",
        header: hook.headers["x-signature"],
        requestId: hook.headers["x-request-id"],
        dataId: "123456789",
        now: clock.now(),
      }),
    ).toEqual({ ok: true })
  })
})
