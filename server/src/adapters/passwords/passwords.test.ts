import { SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import {
  generatedPasswordScrypt,
  generateTemporaryPassword,
  hashGeneratedPassword,
  hashPassword,
  productionScrypt,
  verifyPassword,
  verifyPasswordAtEqualCost,
} from "./passwords.ts"
import { createTokenService } from "../../plugins/tokens.ts"

describe("passwords", () => {
  it("hashes with the production scrypt parameters by default and verifies", async () => {
    expect(productionScrypt).toEqual({ N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 })
    const hash = await hashPassword("demo1234", productionScrypt)
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword("demo1234", hash)).toBe(true)
    expect(await verifyPassword("demo12345", hash)).toBe(false)
  })

  it("salts every hash and refuses malformed ones", async () => {
    const params = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 }
    expect(await hashPassword("x", params)).not.toBe(await hashPassword("x", params))
    expect(await verifyPassword("x", "bcrypt$abc")).toBe(false)
  })

  it("checks at one cost whatever the stored hash: the right password only, and nothing without an account", async () => {
    const configured = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 }
    const chosen = await hashPassword("escolhida", configured)
    const generated = await hashPassword("gerada", generatedPasswordScrypt)
    const fast = hashGeneratedPassword("rapida")
    expect(await verifyPasswordAtEqualCost("escolhida", chosen, configured)).toBe(true)
    expect(await verifyPasswordAtEqualCost("gerada", generated, configured)).toBe(true)
    expect(await verifyPasswordAtEqualCost("rapida", fast, configured)).toBe(true)
    expect(await verifyPasswordAtEqualCost("outra", fast, configured)).toBe(false)
    expect(await verifyPasswordAtEqualCost("outra", chosen, configured)).toBe(false)
    expect(await verifyPasswordAtEqualCost("outra", generated, configured)).toBe(false)
    expect(await verifyPasswordAtEqualCost("gerada", null, configured)).toBe(false)
    expect(await verifyPasswordAtEqualCost("x", "bcrypt$abc", configured)).toBe(false)
  })

  it("makes temporary passwords of 22 URL-safe characters (128 bits)", () => {
    expect(generateTemporaryPassword()).toMatch(/^[\w-]{22}$/)
  })

  it("keeps a generated password as a SHA-256 digest that only that password matches", async () => {
    const password = generateTemporaryPassword()
    const hash = hashGeneratedPassword(password)
    expect(hash).toMatch(/^sha256\$[\w-]{43}$/)
    expect(await verifyPassword(password, hash)).toBe(true)
    expect(await verifyPassword(`${password}x`, hash)).toBe(false)
    expect(await verifyPassword(password, `${hash}$x`)).toBe(false)
    expect(await verifyPassword(password, "sha256$")).toBe(false)
  })
})

describe("access tokens", () => {
  const secret = "a".repeat(48)
  const now = new Date("2025-01-15T12:00:00Z")
  const tokens = createTokenService(secret, () => now)
  const key = new TextEncoder().encode(secret)

  it("round-trips the account, role and version", async () => {
    const token = await tokens.sign({ accountId: "acc-1", role: "follower", version: 3 })
    expect(await tokens.verify(token)).toEqual({ accountId: "acc-1", role: "follower", version: 3 })
  })

  it("refuses another audience, issuer, algorithm or secret, and a token without expiry", async () => {
    const base = () =>
      new SignJWT({ role: "follower", ver: 0 })
        .setSubject("acc-1")
        .setIssuedAt(Math.floor(now.getTime() / 1000))
    const hour = Math.floor(now.getTime() / 1000) + 3600
    const forged = [
      await base()
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("closer-api")
        .setAudience("outro")
        .setExpirationTime(hour)
        .sign(key),
      await base()
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("outro")
        .setAudience("closer-app")
        .setExpirationTime(hour)
        .sign(key),
      await base()
        .setProtectedHeader({ alg: "HS512" })
        .setIssuer("closer-api")
        .setAudience("closer-app")
        .setExpirationTime(hour)
        .sign(key),
      await base()
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("closer-api")
        .setAudience("closer-app")
        .setExpirationTime(hour)
        .sign(new TextEncoder().encode("b".repeat(48))),
      await base()
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("closer-api")
        .setAudience("closer-app")
        .sign(key),
    ]
    for (const token of forged) expect(await tokens.verify(token)).toBeNull()
  })
})
