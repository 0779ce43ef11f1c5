import { describe, expect, it } from "vitest"
import {
  chargeWithCoupon,
  couponCreateBody,
  couponDiscountLabel,
  couponFitsPlans,
  discountedValueCents,
  firstChargeCents,
  methodTakesCoupon,
} from "./coupons.ts"
import { fields } from "./validation.ts"

const plan = { id: "p1", valueCents: 2990 }
const half = { kind: "percent", percentOff: 50, amountOffCents: null } as const

describe("coupons", () => {
  it("takes the discount off the plan's value and adds the R$ 1,99 fee after it", () => {
    expect(discountedValueCents(plan, half)).toBe(1495)
    expect(firstChargeCents(plan, half)).toBe(1495 + 199)
    const tenOff = { kind: "fixed", percentOff: null, amountOffCents: 1000 } as const
    expect(firstChargeCents(plan, tenOff)).toBe(1990 + 199)
  })

  it("rounds a percentage in the buyer's favour only to the centavo and never reaches zero", () => {
    expect(discountedValueCents({ valueCents: 999 }, { ...half, percentOff: 33 })).toBe(670)
    expect(
      discountedValueCents(
        { valueCents: 500 },
        { kind: "fixed", percentOff: null, amountOffCents: 900 },
      ),
    ).toBe(1)
  })

  it("charges the plan's total when the coupon does not cover the plan", () => {
    expect(chargeWithCoupon(plan, { ...half, planIds: ["other"] })).toBe(2990 + 199)
    expect(chargeWithCoupon(plan, { ...half, planIds: ["p1"] })).toBe(1495 + 199)
    expect(chargeWithCoupon(plan, null)).toBe(2990 + 199)
  })

  it("labels the discount as a pill", () => {
    expect(couponDiscountLabel(half)).toBe("-50%")
    expect(couponDiscountLabel({ kind: "fixed", percentOff: null, amountOffCents: 1000 })).toBe(
      "-R$\u00a010,00",
    )
  })

  it("reads codes without case and refuses short or odd ones", () => {
    expect(fields.coupon.parse(" metade50 ")).toBe("METADE50")
    expect(fields.coupon.safeParse("ABC").error?.issues[0]?.message).toBe("Inválido")
    expect(fields.coupon.safeParse("ABC D").success).toBe(false)
  })

  it("needs the amount that matches the kind", () => {
    const base = { code: "ABCD", planIds: [crypto.randomUUID()], maxUses: null, expiresAt: null }
    expect(couponCreateBody.safeParse({ ...base, kind: "percent" }).error?.issues[0]?.path).toEqual(
      ["percentOff"],
    )
    expect(couponCreateBody.safeParse({ ...base, kind: "percent", percentOff: 100 }).success).toBe(
      false,
    )
    expect(
      couponCreateBody.safeParse({ ...base, kind: "fixed", amountOffCents: 500 }).success,
    ).toBe(true)
  })

  it("keeps a fixed discount below every plan it applies to", () => {
    const body = { kind: "fixed", amountOffCents: 2990 } as const
    expect(couponFitsPlans(body, [{ valueCents: 2990 }])).toBe(false)
    expect(couponFitsPlans({ ...body, amountOffCents: 2989 }, [{ valueCents: 2990 }])).toBe(true)
  })

  it("refuses only Mercado Pago's card subscription, which renews at its first price", () => {
    expect(methodTakesCoupon("mercadoPago", "credit_card")).toBe(false)
    expect(methodTakesCoupon("mercadoPago", "pix")).toBe(true)
    expect(methodTakesCoupon("iugu", "credit_card")).toBe(true)
    expect(methodTakesCoupon("bacen", "pix")).toBe(true)
  })
})
