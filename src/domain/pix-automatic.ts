import { addMonths, formatDayMonth, toDate, type Instant } from "./dates.ts"
import { normalizePlanName, PLAN_MONTHS } from "./plans.ts"
import type { PlanName } from "./models.ts"

/**
 * Pix Automático (recurring Pix), as payments.md describes it: the follower authorises a
 * recurrence once and the bank debits each period. The recurrence lives beside the subscription.
 */

/** The Banco Central's recurrence statuses. */
export const recurrenceStatuses = [
  "CRIADA",
  "APROVADA",
  "REJEITADA",
  "EXPIRADA",
  "CANCELADA",
] as const
export type RecurrenceStatus = (typeof recurrenceStatuses)[number]

export type RecurrenceFrequency = "MENSAL" | "TRIMESTRAL" | "SEMESTRAL"

const frequencies: Readonly<Record<PlanName, RecurrenceFrequency>> = {
  MONTHLY: "MENSAL",
  QUARTERLY: "TRIMESTRAL",
  SEMIANNUAL: "SEMESTRAL",
}

/** Days of access a follower keeps after a debit fails, while a one-off Pix can still pay. */
export const PIX_AUTOMATIC_GRACE_DAYS = 3
const DAY_MS = 24 * 60 * 60 * 1000

export function isRecurrenceStatus(value: unknown): value is RecurrenceStatus {
  return (recurrenceStatuses as readonly unknown[]).includes(value)
}

/** The recurrence frequency of a plan; throws for a name that is not a plan. */
export function recurrenceFrequency(planName: string): RecurrenceFrequency {
  const plan = normalizePlanName(planName)
  if (!plan) throw new RangeError(`Plano desconhecido: ${planName}`)
  return frequencies[plan]
}

const frequencyMonths: Readonly<Record<RecurrenceFrequency, number>> = {
  MENSAL: PLAN_MONTHS.MONTHLY,
  TRIMESTRAL: PLAN_MONTHS.QUARTERLY,
  SEMESTRAL: PLAN_MONTHS.SEMIANNUAL,
}

/** "todo mês", "a cada 3 meses", "a cada 6 meses". */
export function frequencyPhrase(frequency: RecurrenceFrequency): string {
  const months = frequencyMonths[frequency]
  return months === 1 ? "todo mês" : `a cada ${months} meses`
}

/** The debit date of period `period` (0 = the first, paid at authorisation). */
export function debitDate(start: Instant, frequency: RecurrenceFrequency, period: number): Date {
  return addMonths(start, frequencyMonths[frequency] * period)
}

/** When access ends after a debit failed at `failedAt`: the grace period later. */
export function graceUntil(failedAt: Instant): Date {
  return new Date(toDate(failedAt).getTime() + PIX_AUTOMATIC_GRACE_DAYS * DAY_MS)
}

/** "acesso até 26/11" in São Paulo's calendar. */
export function accessUntilLabel(until: Instant): string {
  return `acesso até ${formatDayMonth(until)}`
}

/**
 * Which statuses may follow which: CRIADA waits for the payer; APROVADA may still be cancelled;
 * REJEITADA, EXPIRADA and CANCELADA are final. Repeating the current status is allowed (a
 * notification delivered twice changes nothing).
 */
const nextStatuses: Readonly<Record<RecurrenceStatus, readonly RecurrenceStatus[]>> = {
  CRIADA: ["APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"],
  APROVADA: ["CANCELADA"],
  REJEITADA: [],
  EXPIRADA: [],
  CANCELADA: [],
}

export function canMoveRecurrence(from: RecurrenceStatus, to: RecurrenceStatus): boolean {
  return from === to || nextStatuses[from].includes(to)
}

export function isRecurrenceFinal(status: RecurrenceStatus): boolean {
  return nextStatuses[status].length === 0
}

/** What the follower sees of a recurrence. */
export type PixAutomaticState = "authorised" | "awaiting" | "debit_failed" | "cancelled"

/**
 * The follower's view: a debit that failed outweighs an approved recurrence; a rejected or
 * expired authorisation reads as cancelled (it will never debit).
 */
export function pixAutomaticState(
  status: RecurrenceStatus,
  debitFailed = false,
): PixAutomaticState {
  if (status === "CRIADA") return "awaiting"
  if (status === "APROVADA") return debitFailed ? "debit_failed" : "authorised"
  return "cancelled"
}

const stateLabels: Readonly<Record<PixAutomaticState, string>> = {
  authorised: "Pix Automático ativo",
  awaiting: "Aguardando autorização no seu banco",
  debit_failed: "Débito não realizado",
  cancelled: "Pix Automático cancelado",
}

export function pixAutomaticStateLabel(state: PixAutomaticState): string {
  return stateLabels[state]
}

/** What the follower's Pix Automático card shows, read from the subscription. */
export type PixAutomaticSummary = {
  state: PixAutomaticState
  /** What each period costs: the last payment's amount, fee included. */
  amountCents: number
  /** Authorised: the bank debits the next period when the current one ends. */
  nextDebitAt: string | null
  /** Debit failed: access lasts until the grace period ends (the period end the failure set). */
  accessUntil: string | null
}

type RecurringSubscription = {
  status: string
  recurrenceStatus?: RecurrenceStatus | null
  currentPeriodEnd: string | null
  failedDate: string | null
  payment: { amountCents: number } | null
}

/** Null when the subscription is not paid by Pix Automático. */
export function pixAutomaticSummary(
  subscription: RecurringSubscription | null | undefined,
): PixAutomaticSummary | null {
  const status = subscription?.recurrenceStatus
  if (!subscription || !status) return null
  const failed = subscription.status === "unpaid" && subscription.failedDate !== null
  const state = pixAutomaticState(status, failed)
  return {
    state,
    amountCents: subscription.payment?.amountCents ?? 0,
    nextDebitAt: state === "authorised" ? subscription.currentPeriodEnd : null,
    accessUntil: state === "debit_failed" ? subscription.currentPeriodEnd : null,
  }
}

/** The payer's bank refused the authorisation: the trial runs on, and no debit comes after it. */
export const AUTOMATIC_PIX_REFUSED =
  "O banco recusou a autorização do Pix Automático: nenhum débito será feito depois do teste."
