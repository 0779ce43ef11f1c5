import { describe, expect, it } from "vitest"
import {
  couponCreateBody,
  couponDiscountLabel,
  couponFormSchema,
  firstChargeCents,
  methodTakesTrial,
  toCouponBody,
  trialCouponTitle,
  trialDaysMessage,
  trialEndsAt,
  trialRefusal,
} from "./coupons.ts"

const plan = { id: "p1", valueCents: 2990 }
const week = { kind: "trial", percentOff: null, amountOffCents: null, trialDays: 7 } as const
const planIds = ["5b0f6c61-6a4e-4b8e-9a51-1c2d3e4f5a6b"]
const form = { code: "TESTE7", kind: "trial", planIds, maxUses: "", expiresOn: "" } as const

describe("trial coupons", () => {
  it("charge the plan's full price with the fee when the trial ends", () => {
    expect(firstChargeCents(plan, week)).toBe(2990 + 199)
  })

  it("name the days in the checkout's pill and the studio's list", () => {
    expect(couponDiscountLabel(week)).toBe("7 dias grátis")
    expect(couponDiscountLabel({ ...week, trialDays: 1 })).toBe("1 dia grátis")
    expect(trialCouponTitle(7)).toBe("Teste grátis de 7 dias")
    expect(trialCouponTitle(1)).toBe("Teste grátis de 1 dia")
  })

  it("end N whole days after they start", () => {
    const start = new Date("2026-03-01T15:30:00Z")
    expect(trialEndsAt(start, 7).toISOString()).toBe("2026-03-08T15:30:00.000Z")
  })

  it("last 1 to 30 days, in the API's body and in the studio's form", () => {
    const body = { code: "TESTE7", kind: "trial", planIds, maxUses: null, expiresAt: null }
    expect(couponCreateBody.safeParse({ ...body, trialDays: 7 }).success).toBe(true)
    for (const trialDays of [0, 31, 2.5]) {
      const parsed = couponCreateBody.safeParse({ ...body, trialDays })
      expect(parsed.error?.issues[0]?.message).toBe(trialDaysMessage)
    }
    expect(couponCreateBody.safeParse(body).error?.issues[0]?.path).toEqual(["trialDays"])

    expect(couponFormSchema.safeParse({ ...form, amount: "31" }).error?.issues[0]?.message).toBe(
      "De 1 a 30 dias",
    )
    expect(couponFormSchema.safeParse({ ...form, amount: "sete" }).success).toBe(false)
    const parsed = couponFormSchema.parse({ ...form, amount: "7" })
    expect(toCouponBody(parsed)).toMatchObject({ kind: "trial", trialDays: 7 })
    expect(toCouponBody(parsed)).not.toHaveProperty("percentOff")
  })

  it("need a gateway that charges by itself at the trial's end: a card or Pix Automático", () => {
    expect(trialRefusal("iugu")).toBeNull()
    expect(trialRefusal("bacen")).toMatch(/Pix na sua chave não cobra sozinho/)
    expect(trialRefusal("mercadoPagoPixOnly")).toMatch(/não cobra sozinho/)
    expect(methodTakesTrial("iugu", "credit_card")).toBe(true)
    expect(methodTakesTrial("iugu", "pix")).toBe(false)
    expect(methodTakesTrial("bacen", "pix")).toBe(false)
    // Pix Automático debits by itself at the trial's end; a one-off Pix waits for the payer.
    expect(methodTakesTrial("iugu", "pix", true)).toBe(true)
    expect(methodTakesTrial("bacen", "pix", true)).toBe(false)
    expect(methodTakesTrial("iugu", "boleto", true)).toBe(false)
  })
})
