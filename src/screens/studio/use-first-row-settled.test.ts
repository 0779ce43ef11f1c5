import { act, renderHook } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useFirstRowSettled } from "./use-first-row-settled.ts"

describe("the first row of stories holding the rows below", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("lets them load once each first-row picture has loaded or failed, and for good", () => {
    const { result, rerender } = renderHook(({ pictures }) => useFirstRowSettled(pictures), {
      initialProps: { pictures: 2 },
    })
    expect(result.current.settled).toBe(false)
    act(() => result.current.onSettled())
    expect(result.current.settled).toBe(false)
    act(() => result.current.onSettled())
    expect(result.current.settled).toBe(true)
    rerender({ pictures: 3 })
    expect(result.current.settled).toBe(true)
  })

  it("lets them load after 3 s when a first-row picture neither loads nor fails", () => {
    const { result } = renderHook(() => useFirstRowSettled(3))
    act(() => vi.advanceTimersByTime(2_999))
    expect(result.current.settled).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.settled).toBe(true)
  })
})
