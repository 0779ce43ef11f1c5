import { describe, expect, it } from "vitest"
import {
  PLAN_MONTHS,
  SERVICE_FEE_CENTS,
  discountPercent,
  normalizePlanName,
  perMonthCents,
  planFrequencyLabel,
  planLabel,
  planMonths,
  sortPlans,
  totalCents,
} from "./plans.ts"

const monthly = { name: "MONTHLY", valueCents: 1000 }
const quarterly = { name: "QUARTERLY", valueCents: 2700 }
const semiannual = { name: "SEMIANNUAL", valueCents: 4999 }

describe("plan names", () => {
  it("maps each plan to its months", () => {
    expect(PLAN_MONTHS).toEqual({ MONTHLY: 1, QUARTERLY: 3, SEMIANNUAL: 6 })
    expect(planMonths("MONTHLY")).toBe(1)
    expect(planMonths("quarterly")).toBe(3)
    expect(planMonths("SemiAnnual")).toBe(6)
  })

  it("normalises any case and rejects unknown names", () => {
    expect(normalizePlanName("monthly")).toBe("MONTHLY")
    expect(normalizePlanName(" Quarterly ")).toBe("QUARTERLY")
    expect(normalizePlanName("YEARLY")).toBeNull()
    expect(normalizePlanName("")).toBeNull()
    expect(normalizePlanName(null)).toBeNull()
    expect(() => planMonths("YEARLY")).toThrow(RangeError)
  })
})

describe("prices", () => {
  it("divides the value by the months, rounding down to the cent", () => {
    expect(perMonthCents(monthly)).toBe(1000)
    expect(perMonthCents(quarterly)).toBe(900)
    expect(perMonthCents(semiannual)).toBe(833)
    expect(perMonthCents({ name: "quarterly", valueCents: 100 })).toBe(33)
  })

  it("adds the R$ 1,99 service fee to the total", () => {
    expect(SERVICE_FEE_CENTS).toBe(199)
    expect(totalCents(monthly)).toBe(1199)
    expect(totalCents(semiannual)).toBe(5198)
  })
})

describe("discountPercent", () => {
  const plans = [monthly, quarterly, semiannual]

  it("compares the monthly-equivalent price with the monthly plan, floored", () => {
    expect(discountPercent(quarterly, plans)).toBe(10)
    // 6 x 1000 = 6000; saved 1001 -> 16.68 %
    expect(discountPercent(semiannual, plans)).toBe(16)
  })

  it("is zero for the monthly plan itself and for plans that are not cheaper", () => {
    expect(discountPercent(monthly, plans)).toBe(0)
    expect(discountPercent({ name: "QUARTERLY", valueCents: 3000 }, plans)).toBe(0)
    expect(discountPercent({ name: "QUARTERLY", valueCents: 3500 }, plans)).toBe(0)
  })

  it("is zero without a monthly plan, and finds it in any case", () => {
    expect(discountPercent(quarterly, [quarterly, semiannual])).toBe(0)
    expect(discountPercent(quarterly, [{ name: "monthly", valueCents: 2000 }])).toBe(55)
  })
})

describe("labels", () => {
  it("names plans in pt-BR", () => {
    expect(planLabel("MONTHLY")).toBe("Mensal")
    expect(planLabel("quarterly")).toBe("Trimestral")
    expect(planLabel("SEMIANNUAL")).toBe("Semestral")
    expect(planLabel("YEARLY")).toBe("YEARLY")
  })

  it("names frequencies in upper case", () => {
    expect(planFrequencyLabel("monthly")).toBe("MENSAL")
    expect(planFrequencyLabel("QUARTERLY")).toBe("TRIMESTRAL")
    expect(planFrequencyLabel("SEMIANNUAL")).toBe("SEMESTRAL")
  })
})

describe("sortPlans", () => {
  it("orders by period length without changing its input", () => {
    const input = [semiannual, { name: "OTHER", valueCents: 1 }, monthly, quarterly]
    expect(sortPlans(input).map((p) => p.name)).toEqual([
      "MONTHLY",
      "QUARTERLY",
      "SEMIANNUAL",
      "OTHER",
    ])
    expect(input[0]).toBe(semiannual)
  })
})
