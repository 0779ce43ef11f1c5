import { renderHook } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useTabsShown } from "./use-tabs-shown.ts"

describe("useTabsShown", () => {
  it("holds the tab the page opens on, then each tab shown since, in order", () => {
    const { result, rerender } = renderHook(({ tab }) => useTabsShown(tab), {
      initialProps: { tab: "stories" },
    })
    expect([...result.current]).toEqual(["stories"])
    rerender({ tab: "fotos" })
    expect([...result.current]).toEqual(["stories", "fotos"])
    rerender({ tab: "stories" })
    rerender({ tab: "programados" })
    expect([...result.current]).toEqual(["stories", "fotos", "programados"])
  })
})
