import { describe, expect, it } from "vitest"
import { createBoundedMemo } from "./bounded-memo.ts"

describe("bounded memo", () => {
  it("computes an id once, and forgets the oldest id past the limit", () => {
    const computed: string[] = []
    const memo = createBoundedMemo<string>(2)
    const upper = (id: string) => () => {
      computed.push(id)
      return id.toUpperCase()
    }
    expect(memo.get("a", upper("a"))).toBe("A")
    expect(memo.get("a", upper("a"))).toBe("A")
    expect(memo.get("b", upper("b"))).toBe("B")
    expect(memo.get("c", upper("c"))).toBe("C")
    expect(memo.get("b", upper("b"))).toBe("B")
    expect(memo.get("a", upper("a"))).toBe("A")
    expect(computed).toEqual(["a", "b", "c", "a"])
  })
})
