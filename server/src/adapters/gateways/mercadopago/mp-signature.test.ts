import { describe, expect, it } from "vitest"
import {
  parseSignatureHeader,
  signatureManifest,
  signManifest,
  verifySignature,
} from "./mp-signature.ts"

// payments.md, "Mercado Pago": the published vector.
const secret = "your_secret_key_here"
const dataId = "123456789"
const requestId = "2066ca19-c6f1-498a-be75-1923005edd06"
const ts = "1742505638"
const v1 = "511a5db27e69c7b158670982c6f6fcd25c9702e6996dc785065b32796660eb61"
const at = new Date(Number(ts) * 1000)

describe("Mercado Pago x-signature", () => {
  it("reproduces the published manifest and HMAC byte for byte", () => {
    expect(signatureManifest({ dataId, requestId, ts })).toBe(
      "id:123456789;request-id:2066ca19-c6f1-498a-be75-1923005edd06;ts:1742505638;",
    )
    expect(signManifest(secret, { dataId, requestId, ts })).toBe(v1)
  })

  it("leaves a missing part out of the manifest", () => {
    expect(signatureManifest({ dataId, ts })).toBe("id:123456789;ts:1742505638;")
    expect(signatureManifest({ requestId, ts })).toBe(`request-id:${requestId};ts:1742505638;`)
  })

  it("accepts the vector's header in any order and spacing", () => {
    expect(parseSignatureHeader(`ts=${ts},v1=${v1}`)).toEqual({ ts, v1 })
    expect(parseSignatureHeader(` v1=${v1.toUpperCase()} , ts=${ts} `)).toEqual({ ts, v1 })
    expect(parseSignatureHeader("ts=1,v1=zz")).toBeNull()
    expect(parseSignatureHeader(undefined)).toBeNull()
  })

  it("verifies the vector and refuses any change to it", () => {
    const header = `ts=${ts},v1=${v1}`
    expect(verifySignature({ secret, header, requestId, dataId, now: at })).toEqual({ ok: true })
    const wrong = [
      { secret: "outro_segredo", header, requestId, dataId },
      { secret, header, requestId, dataId: "123456780" },
      { secret, header, requestId: "2066ca19-c6f1-498a-be75-1923005edd07", dataId },
      { secret, header: `ts=1742505639,v1=${v1}`, requestId, dataId },
      { secret, header: `ts=${ts},v1=${"0".repeat(64)}`, requestId, dataId },
    ]
    for (const input of wrong) expect(verifySignature({ ...input, now: at }).ok).toBe(false)
    expect(verifySignature({ secret, header: undefined, requestId, dataId, now: at })).toEqual({
      ok: false,
      reason: "missing",
    })
  })

  it("accepts data.id in either case, since sources disagree", () => {
    const id = "abc123DEF"
    const lower = signManifest(secret, { dataId: id.toLowerCase(), requestId, ts })
    const upper = signManifest(secret, { dataId: id.toUpperCase(), requestId, ts })
    for (const signed of [lower, upper])
      expect(
        verifySignature({ secret, header: `ts=${ts},v1=${signed}`, requestId, dataId: id, now: at })
          .ok,
      ).toBe(true)
  })

  it("refuses a signature outside the replay window, with ts in seconds or milliseconds", () => {
    const header = `ts=${ts},v1=${v1}`
    const late = new Date(at.getTime() + 11 * 60_000)
    expect(verifySignature({ secret, header, requestId, dataId, now: late })).toEqual({
      ok: false,
      reason: "stale",
    })
    const ms = String(at.getTime())
    const signed = signManifest(secret, { dataId, requestId, ts: ms })
    expect(
      verifySignature({ secret, header: `ts=${ms},v1=${signed}`, requestId, dataId, now: at }).ok,
    ).toBe(true)
  })
})
