import { describe, expect, it } from "vitest"
import { auditActorLabel, formatDateTime } from "./admin.ts"

describe("formatDateTime", () => {
  it("shows the São Paulo date and time", () => {
    expect(formatDateTime("2026-11-22T15:05:00.000Z")).toBe("22/11/2026 12:05")
    expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("21/11/2026 23:30")
    expect(formatDateTime("não é data")).toBe("")
  })
})

describe("auditActorLabel", () => {
  it("names the buyer, the creator, gateways and jobs", () => {
    const people = { buyerId: "b1", creatorId: "c1" }
    expect(auditActorLabel("account:b1", people)).toBe("Assinante")
    expect(auditActorLabel("account:c1", people)).toBe("Criadora")
    expect(auditActorLabel("account:0123456789abcdef", people)).toBe("Conta 01234567")
    expect(auditActorLabel("webhook:iugu")).toBe("Aviso do gateway (iugu)")
    expect(auditActorLabel("job:expire-payments")).toBe("Rotina automática (expire-payments)")
    expect(auditActorLabel("sandbox")).toBe("Ambiente de testes")
    expect(auditActorLabel("outro")).toBe("outro")
  })
})
