import { act, renderHook } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useRefreshCountdown } from "./use-refresh-countdown.ts"

describe("useRefreshCountdown", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("counts 5 down to a refresh, starts again, and stops when the page is left", async () => {
    const refresh = vi.fn(async () => undefined)
    const { result, unmount } = renderHook(() => useRefreshCountdown(refresh))
    expect(result.current.seconds).toBe(5)

    await act(() => vi.advanceTimersByTimeAsync(4_000))
    expect(result.current.seconds).toBe(1)
    expect(refresh).not.toHaveBeenCalled()

    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(result.current.seconds).toBe(5)

    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(refresh).toHaveBeenCalledTimes(2)

    unmount()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it("refreshes at once on demand and restarts the count, even after a failure", async () => {
    const refresh = vi.fn(async () => {
      throw new Error("offline")
    })
    const { result } = renderHook(() => useRefreshCountdown(refresh))
    await act(() => vi.advanceTimersByTimeAsync(3_000))
    await act(() => result.current.refreshNow())
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(result.current.seconds).toBe(5)
    expect(result.current.refreshing).toBe(false)
  })
})
