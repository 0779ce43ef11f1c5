import { describe, expect, it } from "vitest"
import { createManualClock } from "../../clock.ts"
import { createUrlSigner } from "./signed-url.ts"

const secret = "s".repeat(32)
const parts = (url: string) => {
  const parsed = new URL(url, "http://localhost")
  const get = (name: string) => parsed.searchParams.get(name) ?? ""
  return { exp: get("exp"), sig: get("sig"), viewer: get("viewer") }
}

describe("signed file URLs", () => {
  it("bind a viewer's link to her: another viewer, or none, fails the signature", () => {
    const signer = createUrlSigner(secret, createManualClock())
    const ana = parts(signer.url("p/x/a.jpg", { ttlSeconds: 300, viewer: "ana-1" }))
    const bia = parts(signer.url("p/x/a.jpg", { ttlSeconds: 300, viewer: "bia-2" }))
    expect(ana.viewer).toBe("ana-1")
    expect(ana.sig).not.toBe(bia.sig)
    expect(signer.verify("p/x/a.jpg", ana.exp, ana.sig, "ana-1")).toBeGreaterThan(0)
    expect(signer.verify("p/x/a.jpg", ana.exp, ana.sig, "bia-2")).toBeNull()
    expect(signer.verify("p/x/a.jpg", ana.exp, ana.sig, "")).toBeNull()
    expect(signer.verify("p/x/b.jpg", ana.exp, ana.sig, "ana-1")).toBeNull()
    expect(signer.verify("p/x/a.jpg", ana.exp, ana.sig, "not/an id")).toBeNull()
  })

  it("never let a viewer's link outlive its lifetime, and keep it steady within a quarter", () => {
    const clock = createManualClock(new Date("2026-01-01T00:00:10Z"))
    const signer = createUrlSigner(secret, clock)
    const url = signer.url("p/x/a.jpg", { ttlSeconds: 300, viewer: "ana-1" })
    const { exp, sig } = parts(url)
    const now = clock.now().getTime() / 1000
    expect(Number(exp) - now).toBeLessThanOrEqual(300)
    expect(Number(exp) - now).toBeGreaterThan(225)
    clock.advance(30_000)
    // Fetched again within the same quarter of its lifetime: the same link, nothing reloads.
    expect(signer.url("p/x/a.jpg", { ttlSeconds: 300, viewer: "ana-1" })).toBe(url)
    clock.set(new Date(Number(exp) * 1000 - 1000))
    expect(signer.verify("p/x/a.jpg", exp, sig, "ana-1")).toBe(1)
    clock.advance(1000)
    expect(signer.verify("p/x/a.jpg", exp, sig, "ana-1")).toBeNull()
  })

  it("keep shared links (public images) long and the same for everyone", () => {
    const clock = createManualClock()
    const signer = createUrlSigner(secret, clock)
    const url = signer.url("p/x/avatar.jpg", { ttlSeconds: 24 * 60 * 60 })
    const { exp, sig, viewer } = parts(url)
    expect(viewer).toBe("")
    expect(Number(exp) - clock.now().getTime() / 1000).toBeGreaterThanOrEqual(24 * 60 * 60)
    expect(signer.verify("p/x/avatar.jpg", exp, sig, "")).toBeGreaterThan(0)
    // A shared signature is not a viewer's either.
    expect(signer.verify("p/x/avatar.jpg", exp, sig, "ana-1")).toBeNull()
  })
})
