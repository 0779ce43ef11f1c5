import { planNames } from "./model-names.ts"
import type { PlanName } from "./models.ts"

/** Service fee added to every plan's value at checkout: R$ 1,99. */
export const SERVICE_FEE_CENTS = 199

export const PLAN_MONTHS: Readonly<Record<PlanName, number>> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMIANNUAL: 6,
}

/** Any structure with a plan name (any case) and the whole period's price in cents. */
export interface PricedPlan {
  name: string
  valueCents: number
}

/** "monthly", " Monthly " and "MONTHLY" all name the same plan; anything else is null. */
export function normalizePlanName(value: string | null | undefined): PlanName | null {
  if (typeof value !== "string") return null
  const upper = value.trim().toUpperCase()
  return (planNames as readonly string[]).includes(upper) ? (upper as PlanName) : null
}

function requirePlanName(name: string): PlanName {
  const plan = normalizePlanName(name)
  if (!plan) throw new RangeError(`Plano desconhecido: ${name}`)
  return plan
}

/** Months a plan covers; throws for a name that is not a plan (use normalizePlanName first). */
export function planMonths(name: string): number {
  return PLAN_MONTHS[requirePlanName(name)]
}

/** Price per month, rounded down to the cent. */
export function perMonthCents(plan: PricedPlan): number {
  return Math.floor(plan.valueCents / planMonths(plan.name))
}

/**
 * How much cheaper a plan is per month than the MONTHLY plan, as a whole percentage rounded
 * down; 0 when it is not cheaper or there is no monthly plan. Integer arithmetic keeps
 * 3 x R$ 10,00 vs R$ 27,00 at exactly 10 %.
 */
export function discountPercent(plan: PricedPlan, plans: readonly PricedPlan[]): number {
  const monthly = plans.find((p) => normalizePlanName(p.name) === "MONTHLY")
  if (!monthly || monthly.valueCents <= 0) return 0
  const fullPrice = monthly.valueCents * planMonths(plan.name)
  const saved = fullPrice - plan.valueCents
  if (saved <= 0) return 0
  return Math.floor((saved * 100) / fullPrice)
}

/** What the buyer pays: the plan's value plus the service fee. */
export function totalCents(plan: Pick<PricedPlan, "valueCents">): number {
  return plan.valueCents + SERVICE_FEE_CENTS
}

const labels: Record<PlanName, string> = {
  MONTHLY: "Mensal",
  QUARTERLY: "Trimestral",
  SEMIANNUAL: "Semestral",
}

const frequencyLabels: Record<PlanName, string> = {
  MONTHLY: "MENSAL",
  QUARTERLY: "TRIMESTRAL",
  SEMIANNUAL: "SEMESTRAL",
}

/** "Mensal", "Trimestral", "Semestral"; an unknown name is shown as given. */
export function planLabel(name: string): string {
  const plan = normalizePlanName(name)
  return plan ? labels[plan] : name
}

/** "MENSAL", "TRIMESTRAL", "SEMESTRAL" (also the Pix Automático frequency names). */
export function planFrequencyLabel(name: string): string {
  const plan = normalizePlanName(name)
  return plan ? frequencyLabels[plan] : name.toUpperCase()
}

/** A new array from the shortest to the longest period; unknown names go last, in their order. */
export function sortPlans<T extends { name: string }>(plans: readonly T[]): T[] {
  const rank = (p: T) => {
    const name = normalizePlanName(p.name)
    return name ? PLAN_MONTHS[name] : Number.POSITIVE_INFINITY
  }
  return [...plans].sort((a, b) => rank(a) - rank(b))
}
