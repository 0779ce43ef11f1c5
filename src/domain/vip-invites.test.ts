import { describe, expect, it } from "vitest"
import { vipInviteAcceptBody, vipInviteLabel } from "./vip-invites.ts"

describe("vipInviteLabel", () => {
  const now = new Date("2026-11-22T15:00:00.000Z")
  it("reads pending until the link expires, then expired, whatever the e-mail", () => {
    expect(vipInviteLabel({ expiresAt: "2026-11-22T15:00:01.000Z" }, now)).toBe("Convite enviado")
    expect(vipInviteLabel({ expiresAt: "2026-11-22T15:00:00.000Z" }, now)).toBe("Convite expirado")
  })
})

describe("vipInviteAcceptBody", () => {
  it("refuses an empty or oversized token with the invitation's own message", () => {
    for (const token of ["", "a".repeat(101)]) {
      const result = vipInviteAcceptBody.safeParse({ token })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(
        "Este convite não é válido ou expirou. Peça um novo convite à criadora.",
      )
    }
    expect(vipInviteAcceptBody.safeParse({ token: "a".repeat(43) }).success).toBe(true)
  })
})
