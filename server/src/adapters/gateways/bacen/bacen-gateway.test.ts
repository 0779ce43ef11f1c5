import { describe, expect, it } from "vitest"
import { parsePixCode } from "../../../../../src/domain/pix.ts"
import { GatewayDeclinedError, type ChargeRequest } from "../gateway.ts"
import { createBacenGateway, txidFor } from "./bacen-gateway.ts"

const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: "0b6f8a52-3c1e-4d7a-9f0e-5a1b2c3d4e5f",
  idempotencyKey: "k",
  method: "pix",
  amountCents: 3189,
  recurringAmountCents: 3189,
  description: "Close Friends",
  plan: { id: "p", name: "MONTHLY", months: 1 },
  buyer: { accountId: "a", email: "a@b.com", name: null, document: null },
  seller: {
    profileId: "s",
    username: "demo.pix",
    fullName: "Paula Pix de Souza Gonçalves Martins",
    pixType: "email",
    pixKey: "paula@exemplo.com.br",
  },
  now: new Date(),
  expiresAt: new Date(),
  returnUrl: "",
  notificationUrl: "",
  ...overrides,
})

describe("Pix to the creator's own key", () => {
  const gateway = createBacenGateway({ city: "São Paulo" })

  it("is a static BR Code to her key with the exact amount and a txid per payment", async () => {
    const result = await gateway.charge(request())
    const code = parsePixCode(result.pixCode!)
    expect(code).toMatchObject({
      key: "paula@exemplo.com.br",
      amountCents: 3189,
      txid: "0b6f8a523c1e4d7a9f0e5a1b2",
      city: "Sao Paulo",
      name: "Paula Pix de Souza Goncal",
    })
    expect(code.singleUse).toBeUndefined()
    expect(code.url).toBeUndefined()
    expect(result).toMatchObject({ status: "pending", txid: txidFor(request().paymentId) })
    expect(txidFor(request().paymentId)).toMatch(/^[A-Za-z0-9]{25}$/)
  })

  it("has nothing to charge without a key or for other methods", async () => {
    const noKey = request({ seller: { ...request().seller, pixKey: null, pixType: null } })
    await expect(gateway.charge(noKey)).rejects.toThrow(GatewayDeclinedError)
    await expect(gateway.charge(request({ method: "credit_card" }))).rejects.toThrow(
      "Esta criadora recebe apenas por Pix.",
    )
    expect(await gateway.fetchPayment("x")).toBeNull()
  })
})
