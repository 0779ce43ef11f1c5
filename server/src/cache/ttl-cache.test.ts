import { describe, expect, it } from "vitest"
import { createTtlCache } from "./ttl-cache.ts"

describe("ttl cache", () => {
  it("serves a value until it expires, sharing one load among concurrent misses", async () => {
    let time = 0
    let loads = 0
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => time })
    const load = async () => {
      loads += 1
      return loads
    }
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1])
    time = 999
    expect(await cache.get("a", load)).toBe(1)
    time = 1000
    expect(await cache.get("a", load)).toBe(2)
    cache.delete("a")
    expect(await cache.get("a", load)).toBe(3)
    expect(loads).toBe(3)
    await cache.get("b", load)
    cache.deleteWhere((key) => key === "a")
    expect(await cache.get("a", load)).toBe(5)
    expect(await cache.get("b", load)).toBe(4)
  })

  it("forgets failed loads and evicts the oldest entry past the limit", async () => {
    const cache = createTtlCache<string>({ ttlMs: 60_000, maxEntries: 2 })
    await expect(cache.get("x", () => Promise.reject(new Error("banco fora")))).rejects.toThrow()
    expect(await cache.get("x", async () => "ok")).toBe("ok")
    await cache.get("y", async () => "y")
    await cache.get("z", async () => "z")
    expect(await cache.get("x", async () => "recarregado")).toBe("recarregado")
    expect(await cache.get("z", async () => "não")).toBe("z")
  })

  it("hands over a value that has arrived as it is, and a promise until then", async () => {
    let time = 0
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => time })
    const first = cache.getNow("a", async () => "primeiro")
    expect(first).toBeInstanceOf(Promise)
    expect(await first).toBe("primeiro")
    expect(cache.getNow("a", async () => "não")).toBe("primeiro")
    time = 1000
    const expired = cache.getNow("a", async () => "segundo")
    expect(expired).toBeInstanceOf(Promise)
    expect(await expired).toBe("segundo")
    cache.delete("a")
    expect(await cache.getNow("a", async () => "terceiro")).toBe("terceiro")
    await expect(cache.getNow("b", () => Promise.reject(new Error("banco fora")))).rejects.toThrow()
    expect(cache.getNow("b", async () => "de novo")).toBeInstanceOf(Promise)
  })
})
