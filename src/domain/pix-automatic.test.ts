import { describe, expect, it } from "vitest"
import {
  accessUntilLabel,
  canMoveRecurrence,
  debitDate,
  frequencyPhrase,
  graceUntil,
  isRecurrenceFinal,
  isRecurrenceStatus,
  pixAutomaticState,
  pixAutomaticStateLabel,
  pixAutomaticSummary,
  recurrenceFrequency,
  recurrenceStatuses,
} from "./pix-automatic.ts"

describe("Pix Automático", () => {
  it("takes the frequency from the plan", () => {
    expect(recurrenceFrequency("MONTHLY")).toBe("MENSAL")
    expect(recurrenceFrequency("quarterly")).toBe("TRIMESTRAL")
    expect(recurrenceFrequency(" Semiannual ")).toBe("SEMESTRAL")
    expect(() => recurrenceFrequency("YEARLY")).toThrow(RangeError)
    expect(frequencyPhrase("MENSAL")).toBe("todo mês")
    expect(frequencyPhrase("TRIMESTRAL")).toBe("a cada 3 meses")
    expect(frequencyPhrase("SEMESTRAL")).toBe("a cada 6 meses")
  })

  it("dates each period's debit by calendar months, clamping to the month's end", () => {
    const start = "2026-01-31T15:00:00.000Z"
    expect(debitDate(start, "MENSAL", 0).toISOString()).toBe("2026-01-31T15:00:00.000Z")
    expect(debitDate(start, "MENSAL", 1).toISOString()).toBe("2026-02-28T15:00:00.000Z")
    expect(debitDate(start, "MENSAL", 2).toISOString()).toBe("2026-03-31T15:00:00.000Z")
    expect(debitDate(start, "TRIMESTRAL", 1).toISOString()).toBe("2026-04-30T15:00:00.000Z")
    expect(debitDate(start, "SEMESTRAL", 2).toISOString()).toBe("2027-01-31T15:00:00.000Z")
  })

  it("keeps access three days after a failed debit, shown as 'acesso até dd/MM' in São Paulo", () => {
    const until = graceUntil("2026-11-23T12:00:00.000Z")
    expect(until.toISOString()).toBe("2026-11-26T12:00:00.000Z")
    expect(accessUntilLabel(until)).toBe("acesso até 26/11")
    // 01:00 UTC is still the day before in São Paulo.
    expect(accessUntilLabel(graceUntil("2026-11-24T01:00:00.000Z"))).toBe("acesso até 26/11")
  })

  it("moves only forward: approved may still be cancelled, the final statuses stay", () => {
    expect(recurrenceStatuses).toEqual(["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"])
    expect(isRecurrenceStatus("APROVADA")).toBe(true)
    expect(isRecurrenceStatus("ATIVA")).toBe(false)
    expect(canMoveRecurrence("CRIADA", "APROVADA")).toBe(true)
    expect(canMoveRecurrence("CRIADA", "EXPIRADA")).toBe(true)
    expect(canMoveRecurrence("APROVADA", "APROVADA")).toBe(true)
    expect(canMoveRecurrence("APROVADA", "CANCELADA")).toBe(true)
    expect(canMoveRecurrence("APROVADA", "CRIADA")).toBe(false)
    expect(canMoveRecurrence("CANCELADA", "APROVADA")).toBe(false)
    expect(canMoveRecurrence("REJEITADA", "APROVADA")).toBe(false)
    expect(["REJEITADA", "EXPIRADA", "CANCELADA"].every((s) => isRecurrenceFinal(s as never))).toBe(
      true,
    )
    expect(isRecurrenceFinal("APROVADA")).toBe(false)
  })

  it("shows the follower one of four states in pt-BR", () => {
    expect(pixAutomaticState("CRIADA")).toBe("awaiting")
    expect(pixAutomaticState("APROVADA")).toBe("authorised")
    expect(pixAutomaticState("APROVADA", true)).toBe("debit_failed")
    expect(pixAutomaticState("REJEITADA")).toBe("cancelled")
    expect(pixAutomaticState("EXPIRADA")).toBe("cancelled")
    expect(pixAutomaticState("CANCELADA")).toBe("cancelled")
    expect(pixAutomaticStateLabel("authorised")).toBe("Pix Automático ativo")
    expect(pixAutomaticStateLabel("awaiting")).toBe("Aguardando autorização no seu banco")
    expect(pixAutomaticStateLabel("debit_failed")).toBe("Débito não realizado")
    expect(pixAutomaticStateLabel("cancelled")).toBe("Pix Automático cancelado")
  })

  it("reads the follower's card from the subscription", () => {
    const end = "2026-12-23T15:00:00.000Z"
    const base = {
      status: "paid",
      recurrenceStatus: "APROVADA" as const,
      currentPeriodEnd: end,
      failedDate: null,
      payment: { amountCents: 2189 },
    }
    expect(pixAutomaticSummary(base)).toEqual({
      state: "authorised",
      amountCents: 2189,
      nextDebitAt: end,
      accessUntil: null,
    })
    expect(
      pixAutomaticSummary({ ...base, status: "unpaid", failedDate: "2026-12-23T15:01:00.000Z" }),
    ).toEqual({ state: "debit_failed", amountCents: 2189, nextDebitAt: null, accessUntil: end })
    expect(pixAutomaticSummary({ ...base, status: "pending", recurrenceStatus: "CRIADA" })).toEqual(
      { state: "awaiting", amountCents: 2189, nextDebitAt: null, accessUntil: null },
    )
    expect(pixAutomaticSummary({ ...base, recurrenceStatus: "REJEITADA" })?.state).toBe("cancelled")
    expect(pixAutomaticSummary({ ...base, recurrenceStatus: null })).toBeNull()
    expect(pixAutomaticSummary(null)).toBeNull()
  })
})
