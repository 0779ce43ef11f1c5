import { describe, expect, it } from "vitest"
import { createManualClock } from "../clock.ts"
import { createTokenService } from "./tokens.ts"

const minute = 60_000
const claims = {
  accountId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  role: "follower",
  version: 2,
} as const

describe("access tokens", () => {
  it("last 15 minutes, accepted again from memory until then", async () => {
    const clock = createManualClock()
    const tokens = createTokenService("segredo-de-teste-com-32-caracteres!", () => clock.now())
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).toEqual(claims)
    expect(await tokens.verify(token)).toEqual(claims)
    clock.advance(15 * minute - 1_000)
    expect(await tokens.verify(token)).toEqual(claims)
    clock.advance(1_000)
    expect(await tokens.verify(token)).toBeNull()
    expect(await tokens.verify(token)).toBeNull()
  })

  it("refuses a token changed by one character, or signed with another secret, after the genuine one", async () => {
    const clock = createManualClock()
    const tokens = createTokenService("segredo-de-teste-com-32-caracteres!", () => clock.now())
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).toEqual(claims)
    const last = token.at(-1) === "A" ? "B" : "A"
    expect(await tokens.verify(`${token.slice(0, -1)}${last}`)).toBeNull()
    const [header, , signature] = token.split(".")
    const forged = Buffer.from(JSON.stringify({ sub: claims.accountId, role: "admin", ver: 2 }))
    expect(await tokens.verify(`${header}.${forged.toString("base64url")}.${signature}`)).toBeNull()
    const other = createTokenService("outro-segredo-com-mais-de-32-caracteres", () => clock.now())
    expect(await tokens.verify(await other.sign(claims))).toBeNull()
  })
})
