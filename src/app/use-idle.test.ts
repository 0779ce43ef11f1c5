import { renderHook } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useIdleWorkReleasedOnPaint } from "./use-idle.ts"
import { holdIdleWork, releaseIdleWork, whenIdle } from "./when-idle.ts"

describe("a page lifting its hold on idle work", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    holdIdleWork()
  })
  afterEach(() => {
    releaseIdleWork()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it("lifts it once the picture it names has been drawn", () => {
    const task = vi.fn()
    whenIdle(task)
    const page = renderHook(() => useIdleWorkReleasedOnPaint())
    vi.advanceTimersByTime(500)
    expect(task).not.toHaveBeenCalled()
    page.result.current(document.createElement("img"))
    vi.advanceTimersByTime(500)
    expect(task).toHaveBeenCalledOnce()
  })

  it("lifts it when the page goes away before its picture", () => {
    const task = vi.fn()
    whenIdle(task)
    const page = renderHook(() => useIdleWorkReleasedOnPaint())
    vi.advanceTimersByTime(500)
    page.unmount()
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(500)
    expect(task).toHaveBeenCalledOnce()
  })
})
