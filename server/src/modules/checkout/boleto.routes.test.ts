import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PaymentResultSchema, type Subscription } from "../../../../src/domain/models.ts"
import { addBusinessDays } from "../../adapters/gateways/sandbox/sandbox-pix.ts"
import { sandboxObjects } from "../../db/schema-billing.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import {
  auditOf,
  billing,
  boletoPayer,
  day,
  minute,
  paymentsOf,
  settleInSandbox,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let iugu: TestCreator
let mercadoPago: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  iugu = await t.createCreator({ paymentGateway: "iugu" })
  mercadoPago = await t.createCreator({ paymentGateway: "mercadoPago" })
  await t.createStory(iugu.profileId)
  await t.createStory(mercadoPago.profileId)
})
afterAll(() => t.close())

const gateways = () => [
  { creator: iugu, provider: "iugu", actor: "webhook:iugu" },
  { creator: mercadoPago, provider: "mercadoPago", actor: "webhook:mercadoPago" },
]

/** A follower without access, with the unpaid subscription a boleto would pay. */
async function unpaidFollower(creator: TestCreator) {
  const buyer = await t.createAccount()
  const row = await t.createSubscription({
    accountId: buyer.id,
    profileId: creator.profileId,
    status: "unpaid",
    currentPeriodEnd: null,
  })
  return { buyer, row }
}

/** A follower without access who pays the creator by boleto. */
async function boletoBuyer(creator: TestCreator) {
  const { buyer, row } = await unpaidFollower(creator)
  const res = await t.inject({
    method: "POST",
    url: `/v1/payment/subscription/boleto/${row.id}`,
    token: buyer.token,
    payload: { planName: "MONTHLY", ...boletoPayer },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { subscription } = PaymentResultSchema.parse(res.json())
  expect(subscription.payment).toMatchObject({ paymentMethod: "boleto", status: "pending" })
  return { buyer, subscription }
}

const refresh = async (buyer: TestAccount, creator: TestCreator) => {
  buyer.token = await t.tokenFor(buyer.id)
  return (await subscriptionOf(t, creator.username, buyer.token))!
}

const canSeeStories = async (buyer: TestAccount, creator: TestCreator) =>
  (await t.inject({ url: `/v1/u/${creator.username}/stories`, token: buyer.token })).statusCode ===
  200

/** The boleto as the simulated gateway holds it. */
async function atGateway(subscription: Subscription, provider: string) {
  const [payment] = await paymentsOf(t, subscription.id)
  const kind = provider === "iugu" ? "invoice" : "payment"
  const [row] = await t.db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.provider, provider),
        eq(sandboxObjects.kind, kind),
        eq(sandboxObjects.id, payment!.providerPaymentId!),
      ),
    )
  return row!.data as { status: string }
}

describe("a boleto names its payer, as the banks require", () => {
  it("refuses one without name, CPF/CNPJ or a valid address, in pt-BR, and creates nothing", async () => {
    const { creator } = gateways()[1]!
    const { buyer, row } = await unpaidFollower(creator)
    const { address } = boletoPayer
    const cases = [
      [
        {},
        400,
        "Para gerar o boleto, informe seu nome, CPF ou CNPJ e endereço (CEP, rua, número, bairro, cidade e UF).",
        "accountName",
      ],
      [{ ...boletoPayer, accountDocument: undefined }, 400, undefined, "accountDocument"],
      [{ ...boletoPayer, address: undefined }, 400, undefined, "address"],
      [
        { ...boletoPayer, accountDocument: "111.444.777-00" },
        400,
        "Documento inválido",
        "accountDocument",
      ],
      [
        { ...boletoPayer, address: { ...address, zipCode: "0131-0100" } },
        400,
        "CEP inválido",
        "address.zipCode",
      ],
      [{ ...boletoPayer, address: { ...address, state: "XX" } }, 400, "Inválido", "address.state"],
      [{ ...boletoPayer, address: { ...address, city: " " } }, 400, "Obrigatório", "address.city"],
      [
        { ...boletoPayer, address: { ...address, number: "12a" } },
        400,
        "Inválido",
        "address.number",
      ],
    ] as const
    for (const [payload, status, message, field] of cases) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/payment/subscription/boleto/${row.id}`,
        token: buyer.token,
        payload: { planName: "MONTHLY", ...payload },
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json()).toMatchObject({
        code: "validation_error",
        field,
        ...(message ? { message } : {}),
      })
    }
    expect(await paymentsOf(t, row.id)).toEqual([])
    expect((await subscriptionOf(t, creator.username, buyer.token))?.status).toBe("unpaid")
  })

  it("sends the payer's CPF and address to each gateway", async () => {
    for (const { creator, provider } of gateways()) {
      const { subscription } = await boletoBuyer(creator)
      const sent = await atGateway(subscription, provider)
      if (provider === "iugu")
        expect(sent).toMatchObject({
          payer: {
            cpf_cnpj: "11144477735",
            name: "ANA MARIA SOUZA",
            address: {
              zip_code: "01310100",
              street: "Avenida Paulista",
              number: "1578",
              district: "Bela Vista",
              city: "São Paulo",
              state: "SP",
            },
          },
        })
      else
        expect(sent).toMatchObject({
          payer: {
            first_name: "ANA",
            last_name: "MARIA SOUZA",
            identification: { type: "CPF", number: "11144477735" },
            address: {
              zip_code: "01310100",
              street_name: "Avenida Paulista",
              street_number: "1578",
              neighborhood: "Bela Vista",
              city: "São Paulo",
              federal_unit: "SP",
            },
          },
        })
    }
  })
})

describe("boleto in the sandbox settles like a real one", () => {
  it("'Simular pagamento' pays it at the bank; the gateway approves it 1 to 3 business days later, by webhook", async () => {
    for (const { creator, actor } of gateways()) {
      const { buyer, subscription } = await boletoBuyer(creator)
      const atBank = await settleInSandbox(t, subscription, buyer.token)
      expect(atBank).toMatchObject({ status: "pending", payment: { status: "pending" } })
      const again = await t.inject({
        method: "POST",
        url: `/v1/sandbox/payments/${subscription.payment!.id}/pay`,
        token: buyer.token,
      })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({
        code: "boleto_compensating",
        message: "Este boleto já foi pago. A confirmação leva de 1 a 3 dias úteis.",
      })

      const paidAtBank = t.clock.now()
      await billing(t).maintenance.reconcile()
      expect((await refresh(buyer, creator)).payment?.status).toBe("pending")
      expect(await canSeeStories(buyer, creator)).toBe(false)
      for (let days = 0; days < 5 && (await refresh(buyer, creator)).status !== "paid"; days++) {
        t.clock.advance(day)
        await billing(t).maintenance.reconcile()
      }
      const paid = await refresh(buyer, creator)
      expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" } })
      expect(t.clock.now().getTime()).toBeGreaterThanOrEqual(
        addBusinessDays(paidAtBank, 1).getTime(),
      )
      expect(t.clock.now().getTime()).toBeLessThanOrEqual(addBusinessDays(paidAtBank, 3).getTime())
      expect(await canSeeStories(buyer, creator)).toBe(true)
      const audit = await auditOf(t, subscription.id)
      expect(audit.filter((r) => r.entity === "payment" && r.toStatus === "paid")).toEqual([
        expect.objectContaining({ actor }),
      ])
    }
  })
})

describe("a boleto nobody pays", () => {
  it("becomes overdue after its due date (3 days): access never given, audited, cancelled at the gateway", async () => {
    for (const { creator, provider } of gateways()) {
      const { buyer, subscription } = await boletoBuyer(creator)
      t.clock.advance(3 * day - minute)
      await billing(t).maintenance.expirePayments()
      expect((await refresh(buyer, creator)).payment?.status).toBe("pending")
      expect(await canSeeStories(buyer, creator)).toBe(false)

      t.clock.advance(minute)
      await billing(t).maintenance.expirePayments()
      const overdue = await refresh(buyer, creator)
      expect(overdue).toMatchObject({
        status: "unpaid",
        currentPeriodEnd: null,
        payment: { status: "overdue" },
      })
      expect(await canSeeStories(buyer, creator)).toBe(false)
      const audit = await auditOf(t, subscription.id)
      expect(audit.find((r) => r.entity === "payment" && r.toStatus === "overdue")).toMatchObject({
        fromStatus: "pending",
        actor: "job:expire-payments",
      })
      expect(audit.some((r) => r.toStatus === "paid")).toBe(false)
      expect((await atGateway(subscription, provider)).status).toMatch(/^cancel/)
    }
  })

  it("paid at the bank on its last day: overdue once the date passes, paid when the bank compensates it", async () => {
    for (const { creator, provider } of gateways()) {
      const { buyer, subscription } = await boletoBuyer(creator)
      t.clock.advance(3 * day - 60 * minute)
      await settleInSandbox(t, subscription, buyer.token)
      t.clock.advance(60 * minute)
      await billing(t).maintenance.expirePayments()
      expect((await refresh(buyer, creator)).payment?.status).toBe("overdue")
      expect(await canSeeStories(buyer, creator)).toBe(false)
      // Paid at the bank: the gateway refused to cancel it, and the money comes.
      expect((await atGateway(subscription, provider)).status).toBe("pending")

      t.clock.set(addBusinessDays(t.clock.now(), 3))
      await billing(t).maintenance.reconcile()
      expect(await refresh(buyer, creator)).toMatchObject({
        status: "paid",
        payment: { status: "paid" },
      })
      expect(await canSeeStories(buyer, creator)).toBe(true)
    }
  })
})
