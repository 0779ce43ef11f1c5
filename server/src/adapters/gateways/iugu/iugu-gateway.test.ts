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
import { createIuguClient, type IuguClient } from "./iugu-client.ts"
import { createIuguGateway, iuguPlanIdentifier } from "./iugu-gateway.ts"
import { createIuguSimulator, type IuguSimulator } from "./iugu-simulator.ts"

const apiToken = "live_token_de_teste"
const clock = createManualClock(new Date("2025-03-10T15:00:00.000Z"))
let simulator: IuguSimulator
let fake: FakeServer
let client: IuguClient
let gateway: Gateway

beforeAll(async () => {
  simulator = createIuguSimulator({
    store: createMemoryStore(),
    now: () => clock.now(),
    apiToken,
    accountId: "ACCOUNT1",
    publicUrl: "http://localhost:3000",
  })
  fake = await serveSimulator(simulator.handle)
  client = createIuguClient({ apiUrl: fake.url, apiToken, timeoutMs: 2_000 })
  gateway = createIuguGateway(client)
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests.length = 0
})

const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: "6f1c2a8e-0d5b-4a3c-9e7f-1b2c3d4e5f60",
  idempotencyKey: "idem-1",
  method: "pix",
  amountCents: 8189,
  recurringAmountCents: 8189,
  description: "Close Friends @demo - Trimestral",
  plan: { id: "5a1b2c3d-0000-4000-8000-000000000001", name: "QUARTERLY", months: 3 },
  buyer: {
    accountId: "acc",
    email: "ana@exemplo.com.br",
    name: "ANA SOUZA",
    document: "11144477735",
  },
  seller: { profileId: "p", username: "demo", fullName: "Duda", pixType: null, pixKey: null },
  now: clock.now(),
  expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  returnUrl: "http://localhost:3000/demo/payment/status",
  notificationUrl: "http://localhost:3000/v1/webhooks/iugu",
  ...overrides,
})

async function token(number = "4111111111111111") {
  const created = await client.createPaymentToken({
    account_id: "ACCOUNT1",
    method: "credit_card",
    test: true,
    data: {
      number,
      verification_value: "123",
      first_name: "Ana",
      last_name: "Souza",
      month: "12",
      year: "2030",
    },
  })
  return created.id
}

describe("iugu adapter against iugu's HTTP API", () => {
  it("creates a Pix invoice with Basic auth and iugu's body, and reads a valid BR Code back", async () => {
    const result = await gateway.charge(request())
    const sent = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/invoices")!
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${apiToken}:`).toString("base64")}`,
    )
    expect(sent.body).toEqual({
      email: "ana@exemplo.com.br",
      due_date: "2025-03-10",
      items: [{ description: "Close Friends @demo - Trimestral", quantity: 1, price_cents: 8189 }],
      payable_with: "pix",
      payer: { cpf_cnpj: "11144477735", name: "ANA SOUZA" },
      custom_variables: [{ name: "payment_id", value: request().paymentId }],
      notification_url: "http://localhost:3000/v1/webhooks/iugu",
    })
    expect(result).toMatchObject({ status: "pending", providerPaymentId: result.providerRef })
    expect(parsePixCode(result.pixCode!).amountCents).toBe(8189)
  })

  it("re-fetches an invoice: status, our payment id and the amount paid", async () => {
    const { providerPaymentId } = await gateway.charge(request())
    expect(await gateway.fetchPayment(providerPaymentId!)).toMatchObject({
      status: "pending",
      paymentRef: request().paymentId,
      amountCents: 8189,
      method: "pix",
    })
    for (const [iugu, ours] of [
      ["paid", "paid"],
      ["refunded", "refunded"],
      ["chargeback", "chargedback"],
      ["expired", "canceled"],
      ["canceled", "canceled"],
    ] as const) {
      await simulator.setInvoiceStatus(providerPaymentId!, iugu)
      expect((await gateway.fetchPayment(providerPaymentId!))?.status).toBe(ours)
    }
    expect(await gateway.fetchPayment("00000000000000000000000000000000")).toBeNull()
  })

  it("makes a boleto invoice with its link, registered with the payer's address", async () => {
    const boleto = (address?: ChargeRequest["buyer"]["address"]) =>
      request({
        method: "boleto",
        expiresAt: new Date("2025-03-13T15:00:00Z"),
        buyer: { ...request().buyer, address },
      })
    // Like iugu: a registered boleto names its payer's address.
    await expect(gateway.charge(boleto())).rejects.toThrow(GatewayDeclinedError)
    fake.requests.length = 0
    const result = await gateway.charge(
      boleto({
        zipCode: "20040002",
        street: "Rua da Assembleia",
        number: "10",
        neighborhood: "Centro",
        city: "Rio de Janeiro",
        state: "RJ",
      }),
    )
    const sent = fake.requests.find((r) => r.path === "/v1/invoices")!
    expect(sent.body).toMatchObject({
      payable_with: "bank_slip",
      due_date: "2025-03-13",
      payer: {
        cpf_cnpj: "11144477735",
        name: "ANA SOUZA",
        address: {
          zip_code: "20040002",
          street: "Rua da Assembleia",
          number: "10",
          district: "Centro",
          city: "Rio de Janeiro",
          state: "RJ",
          country: "Brasil",
        },
      },
    })
    expect(result.boletoUrl).toMatch(/\/v1\/sandbox\/boleto\/iugu\//)
    const id = result.providerPaymentId!
    expect((await gateway.fetchPayment(id))?.method).toBe("boleto")

    // Paid at the bank: pending, and no longer cancellable, until the bank compensates it.
    const atBank = (await simulator.payBankSlip(id))!
    await gateway.cancelPayment(id, "boleto")
    expect((await gateway.fetchPayment(id))?.status).toBe("pending")
    clock.set(new Date(atBank.compensatesAt))
    expect((await simulator.compensateDue()).map((invoice) => invoice.id)).toEqual([id])
    expect((await gateway.fetchPayment(id))?.status).toBe("paid")
  })

  it("charges a new card through a customer and a saved payment method", async () => {
    const customerId = await gateway.cards!.createCustomer(request().buyer)
    const result = await gateway.charge(
      request({ method: "credit_card", card: { token: await token(), customerId } }),
    )
    expect(result).toMatchObject({ status: "paid" })
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`)
    expect(paths).toContain(`POST /v1/customers/${customerId}/payment_methods`)
    const charge = fake.requests.find((r) => r.path === "/v1/charge")!
    expect(charge.body).toMatchObject({
      customer_id: customerId,
      email: "ana@exemplo.com.br",
      items: [{ price_cents: 8189, quantity: 1 }],
    })
    expect(
      (charge.body as { customer_payment_method_id: string }).customer_payment_method_id,
    ).toBeTruthy()
    const cards = await gateway.cards!.listCards(customerId)
    expect(cards).toEqual([
      { id: expect.any(String), brand: "VISA", displayNumber: "XXXX-XXXX-XXXX-1111" },
    ])
    // The saved card pays again without a token.
    const again = await gateway.charge(
      request({ method: "credit_card", card: { savedCardId: cards[0]!.id, customerId } }),
    )
    expect(again.status).toBe("paid")
  })

  it("finds by our reference what a lost answer never told: a card charge by its customer, a Pix by the payer's e-mail", async () => {
    const paymentId = "6f1c2a8e-0d5b-4a3c-9e7f-1b2c3d4e5f71"
    const customerId = await gateway.cards!.createCustomer(request().buyer)
    const card = await token()
    fake.loseNextAnswer("/v1/charge")
    await expect(
      gateway.charge(
        request({ paymentId, method: "credit_card", card: { token: card, customerId } }),
      ),
    ).rejects.toThrow(GatewayUnavailableError)

    fake.requests.length = 0
    const reference = {
      paymentId,
      method: "credit_card" as const,
      buyerEmail: "ana@exemplo.com.br",
      customerId,
      createdAt: clock.now(),
    }
    expect(await gateway.findPayments(reference)).toEqual([
      {
        providerPaymentId: expect.any(String),
        status: "paid",
        paymentRef: paymentId,
        gatewaySubscriptionId: null,
        subscriptionRef: null,
        amountCents: 8189,
        method: "credit_card",
      },
    ])
    const [list] = fake.requests
    expect(`${list!.method} ${list!.path}`).toBe("GET /v1/invoices")
    expect(list!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${apiToken}:`).toString("base64")}`,
    )
    expect(Object.fromEntries(list!.query)).toEqual({
      customer_id: customerId,
      created_at_from: new Date(clock.now().getTime() - 10 * 60_000).toISOString(),
      limit: "100",
    })

    const pixId = "6f1c2a8e-0d5b-4a3c-9e7f-1b2c3d4e5f72"
    const pix = await gateway.charge(request({ paymentId: pixId }))
    const byEmail = { ...reference, paymentId: pixId, method: "pix" as const, customerId: null }
    expect((await gateway.findPayments(byEmail)).map((found) => found.providerPaymentId)).toEqual([
      pix.providerPaymentId,
    ])
    expect(fake.requests.at(-1)!.query.get("query")).toBe("ana@exemplo.com.br")
    // Invoices made before the window are not ours to match.
    const later = new Date(clock.now().getTime() + 60 * 60_000)
    expect(await gateway.findPayments({ ...byEmail, createdAt: later })).toEqual([])
  })

  it("reports a declined card as failed with iugu's message, and a used token as refused", async () => {
    const customerId = await gateway.cards!.createCustomer(request().buyer)
    const used = await token("4000000000000002")
    const result = await gateway.charge(
      request({ method: "credit_card", card: { token: used, customerId } }),
    )
    expect(result).toMatchObject({ status: "failed", failureReason: "Transação negada" })
    await expect(
      gateway.charge(request({ method: "credit_card", card: { token: used, customerId } })),
    ).rejects.toThrow(GatewayDeclinedError)
  })

  it("schedules card renewals on an iugu plan and subscription, then stops them", async () => {
    const customerId = await gateway.cards!.createCustomer(request().buyer)
    await gateway.cards!.saveCard(customerId, await token())
    const renewal = {
      customerId,
      subscriptionId: "sub-1",
      startsAt: new Date("2025-06-10T15:00:00Z"),
      plan: { ...request().plan, amountCents: 8189, description: "Close Friends - Trimestral" },
    }
    const id = await gateway.scheduleRenewal!(renewal)
    expect(fake.requests.find((r) => r.path === "/v1/plans")?.body).toEqual({
      name: "Close Friends - Trimestral",
      identifier: iuguPlanIdentifier(request().plan.id),
      interval: 3,
      interval_type: "months",
      value_cents: 8189,
      payable_with: "credit_card",
    })
    expect(fake.requests.find((r) => r.path === "/v1/subscriptions")?.body).toMatchObject({
      customer_id: customerId,
      expires_at: "2025-06-10",
    })
    // A second buyer of the same plan reuses it.
    fake.requests.length = 0
    await gateway.scheduleRenewal!({ ...renewal, subscriptionId: "sub-2" })
    expect(fake.requests.filter((r) => r.path === "/v1/plans")).toHaveLength(0)

    clock.set(new Date("2025-06-10T16:00:00Z"))
    const [invoice] = await simulator.renewDue()
    expect(invoice).toMatchObject({ status: "paid", subscription_id: id, total_cents: 8189 })
    expect(await gateway.fetchPayment(invoice!.id)).toMatchObject({
      status: "paid",
      gatewaySubscriptionId: id,
      method: "credit_card",
    })
    expect(await gateway.isRecurrenceCancelled!(id)).toBe(false)
    await gateway.cancelRecurrence(id)
    expect(await gateway.isRecurrenceCancelled!(id)).toBe(true)
  })

  describe("Pix Automático (automatic_pix, journey 3)", () => {
    const subscriptionId = "9b8c7d6e-5f40-4a3b-8c2d-1e0f9a8b7c6d"
    /** The simulator is shared by the file: only this subscription's invoices count. */
    const debitsOf = async (id: string) =>
      (await simulator.renewDue()).filter((invoice) => invoice.subscription_id === id)
    const start = async (buyer = request().buyer) => {
      clock.set(new Date("2025-03-10T15:00:00.000Z"))
      const customerId = await gateway.cards!.createCustomer(buyer)
      return gateway.automaticPix!.start({
        charge: request({ buyer, now: clock.now() }),
        customerId,
        subscriptionId,
        frequency: "TRIMESTRAL",
        firstDebitAt: new Date("2025-06-10T15:00:00.000Z"),
      })
    }

    it("creates a subscription with automatic_pix whose first invoice's QR carries fields 26 and 80", async () => {
      const result = await start()
      const sent = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!
      expect(sent.body).toMatchObject({
        plan_identifier: iuguPlanIdentifier(request().plan.id),
        payable_with: "pix",
        expires_at: "2025-06-10",
        custom_variables: [
          { name: "subscription_id", value: subscriptionId },
          { name: "payment_id", value: request().paymentId },
        ],
        automatic_pix: {
          journey: 3,
          frequency: "TRIMESTRAL",
          recurrence_beginning: "2025-06-10",
          contract_number: subscriptionId.replaceAll("-", ""),
        },
      })
      expect(result).toMatchObject({ status: "pending", recurrenceStatus: "CRIADA" })
      const code = parsePixCode(result.pixCode!)
      expect(code.amountCents).toBe(8189)
      expect(code.url).toMatch(/\/qr\/v2\//)
      expect(code.recurrenceUrl).toMatch(/\/qr\/v2\/rec\//)
      expect(await gateway.automaticPix!.status(result.gatewaySubscriptionId)).toBe("CRIADA")
      expect(await gateway.fetchPayment(result.providerPaymentId!)).toMatchObject({
        paymentRef: request().paymentId,
        gatewaySubscriptionId: result.gatewaySubscriptionId,
        method: "pix",
      })
    })

    it("is refused without the payer's CPF, as iugu requires it", async () => {
      await expect(start({ ...request().buyer, document: null })).rejects.toThrow(
        GatewayDeclinedError,
      )
    })

    it("debits each period once approved, leaves a failed debit unpaid and stops when suspended", async () => {
      const { gatewaySubscriptionId: id, providerPaymentId } = await start()
      // Nothing is debited while the payer has not approved.
      clock.set(new Date("2025-06-10T16:00:00Z"))
      expect(await debitsOf(id)).toEqual([])
      clock.set(new Date("2025-03-10T15:05:00Z"))
      await simulator.answerAutomaticPix(id, "APROVADA")
      expect(await gateway.automaticPix!.status(id)).toBe("APROVADA")
      expect((await gateway.fetchPayment(providerPaymentId!))?.status).toBe("paid")

      const periods = ["2025-06-10", "2025-09-10", "2025-12-10"]
      const statuses: string[] = []
      for (const [index, day] of periods.entries()) {
        if (index === 1) await simulator.failNextDebit(id)
        clock.set(new Date(`${day}T16:00:00Z`))
        const [debit] = await debitsOf(id)
        expect(debit).toMatchObject({ subscription_id: id, payable_with: "pix", total_cents: 8189 })
        const fetched = await gateway.fetchPayment(debit!.id)
        expect(fetched).toMatchObject({ gatewaySubscriptionId: id, method: "pix" })
        statuses.push(fetched!.status)
        // Asking twice on the same day debits nothing more.
        expect(await debitsOf(id)).toEqual([])
      }
      expect(statuses).toEqual(["paid", "canceled", "paid"])

      await gateway.cancelRecurrence(id)
      expect(await gateway.automaticPix!.status(id)).toBe("CANCELADA")
      expect(await gateway.isRecurrenceCancelled!(id)).toBe(true)
      clock.set(new Date("2026-03-10T16:00:00Z"))
      expect(await debitsOf(id)).toEqual([])
    })

    it("a rejected authorisation leaves the first invoice unpaid and never debits", async () => {
      const { gatewaySubscriptionId: id, providerPaymentId } = await start()
      await simulator.answerAutomaticPix(id, "REJEITADA")
      expect(await gateway.automaticPix!.status(id)).toBe("REJEITADA")
      expect((await gateway.fetchPayment(providerPaymentId!))?.status).toBe("canceled")
      expect(await simulator.answerAutomaticPix(id, "APROVADA")).toBeNull()
      clock.set(new Date("2025-06-10T16:00:00Z"))
      expect(await debitsOf(id)).toEqual([])
      expect(await gateway.automaticPix!.status("00000000000000000000000000000000")).toBeNull()
    })
  })

  it("treats 5xx, refused credentials and silence as unavailable, never as an answer", async () => {
    fake.failNext(503)
    await expect(gateway.charge(request())).rejects.toThrow(GatewayUnavailableError)
    const wrong = createIuguGateway(
      createIuguClient({ apiUrl: fake.url, apiToken: "x", timeoutMs: 2_000 }),
    )
    await expect(wrong.charge(request())).rejects.toThrow(GatewayUnavailableError)
    const nowhere = createIuguGateway(
      createIuguClient({ apiUrl: "http://127.0.0.1:9", apiToken, timeoutMs: 500 }),
    )
    await expect(nowhere.fetchPayment("X")).rejects.toThrow(GatewayUnavailableError)
  })

  it("posts webhooks form-encoded with the registered Authorization value", async () => {
    const { providerPaymentId } = await gateway.charge(request())
    const invoice = (await simulator.setInvoiceStatus(providerPaymentId!, "paid"))!
    const hook = simulator.webhook(invoice, "segredo-registrado")
    expect(hook.headers).toEqual({
      authorization: "segredo-registrado",
      "content-type": "application/x-www-form-urlencoded",
    })
    const form = new URLSearchParams(hook.body)
    expect(form.get("event")).toBe("invoice.status_changed")
    expect(form.get("data[id]")).toBe(providerPaymentId)
    expect(form.get("data[status]")).toBe("paid")
  })
})
