import { describe, expect, it } from "vitest"
import { writeTogether } from "./write-together.ts"

describe("writeTogether", () => {
  it("writes what is asked in the same turn at once, and a later ask in a write of its own", async () => {
    const writes: number[][] = []
    const write = writeTogether(async (items: number[]) => {
      writes.push(items)
    })
    await Promise.all([write(1), write(2), write(3)])
    await write(4)
    expect(writes).toEqual([[1, 2, 3], [4]])
  })

  it("fails every caller whose item the failed write carried, and only those", async () => {
    let fail = true
    const write = writeTogether(async () => {
      if (fail) throw new Error("banco fora do ar")
    })
    const outcomes = await Promise.allSettled([write("a"), write("b")])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"])
    fail = false
    await expect(write("c")).resolves.toBeUndefined()
  })
})
