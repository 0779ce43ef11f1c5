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
