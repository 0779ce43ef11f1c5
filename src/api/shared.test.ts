import { describe, expect, it, vi } from "vitest"
import { shared } from "./shared.ts"

describe("shared", () => {
  it("lets callers that ask together share one request, and asks again afterwards", async () => {
    let resolve!: (value: string) => void
    const run = vi.fn(() => new Promise<string>((r) => (resolve = r)))
    const first = shared(["profile", "demo"], run)
    const second = shared(["profile", "demo"], run)
    expect(run).toHaveBeenCalledTimes(1)
    resolve("perfil")
    expect(await first).toBe("perfil")
    expect(await second).toBe("perfil")

    const third = shared(["profile", "demo"], async () => "de novo")
    expect(await third).toBe("de novo")
  })

  it("keeps different keys apart", async () => {
    const a = shared(["stats", "a"], async () => 1)
    const b = shared(["stats", "b"], async () => 2)
    expect(await Promise.all([a, b])).toEqual([1, 2])
  })
})
