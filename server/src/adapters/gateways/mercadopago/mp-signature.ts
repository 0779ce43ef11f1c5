import { createHmac, timingSafeEqual } from "node:crypto"

/** How far a notification's `ts` may be from our clock. */
export const signatureToleranceMs = 10 * 60_000

export interface SignatureParts {
  dataId?: string | null
  requestId?: string | null
  ts?: string | null
}

/** `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, leaving out what is missing. */
export function signatureManifest({ dataId, requestId, ts }: SignatureParts): string {
  return [
    dataId ? `id:${dataId};` : "",
    requestId ? `request-id:${requestId};` : "",
    ts ? `ts:${ts};` : "",
  ].join("")
}

export function signManifest(secret: string, parts: SignatureParts): string {
  return createHmac("sha256", secret).update(signatureManifest(parts)).digest("hex")
}

/** `x-signature: ts=<ts>,v1=<hex>` in any order and spacing. */
export function parseSignatureHeader(
  header: string | undefined,
): { ts: string; v1: string } | null {
  if (!header) return null
  const parts = new Map<string, string>()
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=")
    if (at > 0) parts.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim())
  }
  const ts = parts.get("ts")
  const v1 = parts.get("v1")
  return ts && v1 && /^[0-9a-f]{64}$/i.test(v1) ? { ts, v1: v1.toLowerCase() } : null
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "mismatch" | "stale" }

/**
 * Mercado Pago's `x-signature`: HMAC-SHA256 of the manifest, compared in constant time. Sources
 * disagree on the case of `data.id` (both are accepted) and on `ts` in seconds or milliseconds
 * (read by size).
 */
export function verifySignature(input: {
  secret: string
  header: string | undefined
  requestId: string | undefined
  dataId: string | undefined
  now: Date
  toleranceMs?: number
}): SignatureCheck {
  const parsed = parseSignatureHeader(input.header)
  if (!parsed || !input.secret) return { ok: false, reason: "missing" }
  const given = Buffer.from(parsed.v1, "hex")
  const ids = new Set([input.dataId, input.dataId?.toLowerCase(), input.dataId?.toUpperCase()])
  const matches = [...ids].some((dataId) => {
    const expected = Buffer.from(
      signManifest(input.secret, { dataId, requestId: input.requestId, ts: parsed.ts }),
      "hex",
    )
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!matches) return { ok: false, reason: "mismatch" }
  const ts = Number(parsed.ts)
  const tsMs = ts < 1e12 ? ts * 1000 : ts
  if (!Number.isFinite(tsMs)) return { ok: false, reason: "stale" }
  const tolerance = input.toleranceMs ?? signatureToleranceMs
  if (Math.abs(input.now.getTime() - tsMs) > tolerance) return { ok: false, reason: "stale" }
  return { ok: true }
}
