import { describe, expect, it } from "vitest"
import { createServerSource, type PublicRead } from "./server-source.ts"

/** Answers each public read after the delay `delays` gives its path. */
function readAnswering(delays: Record<string, number>): PublicRead {
  return (path) =>
    new Promise((resolve) =>
      setTimeout(() => resolve({ status: 200, body: { path } }), delays[path] ?? 0),
    )
}

async function servedKeys(read: PublicRead) {
  const { source, served } = createServerSource(read)
  await Promise.all([
    source.profile("duda"),
    source.highlights("duda", null),
    source.stats("duda"),
    source.subscriptionAhead("duda", null),
  ])
  return served().map(([key]) => JSON.stringify(key))
}

describe("the data a server-drawn page carries", () => {
  it("comes in the same order whichever read answers first", async () => {
    const profileFirst = await servedKeys(
      readAnswering({ "/profile/duda": 0, "/u/duda/highlights": 20, "/u/duda/stats": 10 }),
    )
    const highlightsFirst = await servedKeys(
      readAnswering({ "/profile/duda": 20, "/u/duda/highlights": 0, "/u/duda/stats": 10 }),
    )
    expect(profileFirst).toHaveLength(4)
    expect(highlightsFirst).toEqual(profileFirst)
  })
})

describe("a page drawn for its reader", () => {
  const nobody: PublicRead = async () => ({ status: 500, body: null })

  it("reads her subscription as her, once, and carries it under her key", async () => {
    const asHer: string[] = []
    const { source, served } = createServerSource(nobody, {
      viewer: "conta-1",
      read: async (path) => {
        asHer.push(path)
        return { status: 200, body: { payment: { pixCode: "000201" } } }
      },
    })
    expect(source.viewer()).toBe("conta-1")
    await source.subscriptionAhead("duda", "conta-1")
    expect(await source.subscription("duda", "conta-1")).toEqual({ payment: { pixCode: "000201" } })
    expect(asHer).toEqual(["/duda/subscription"])
    expect(served()).toEqual([
      [["subscription", "duda", "conta-1"], { payment: { pixCode: "000201" } }],
    ])
  })

  it("takes no subscription (404) as none, and leaves a failing read to her browser", async () => {
    const none = createServerSource(nobody, {
      viewer: "conta-1",
      read: async () => ({ status: 404, body: { message: "Assinatura não encontrada." } }),
    })
    expect(await none.source.subscription("duda", "conta-1")).toBeNull()
    expect(none.served()).toEqual([[["subscription", "duda", "conta-1"], null]])

    const failing = createServerSource(nobody, { viewer: "conta-1", read: nobody })
    await failing.source.subscriptionAhead("duda", "conta-1")
    await expect(failing.source.subscription("duda", "conta-1")).rejects.toMatchObject({
      status: 500,
    })
    expect(failing.served()).toEqual([])
  })
})
