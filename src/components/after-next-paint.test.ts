import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { afterNextPaint } from "./after-next-paint.ts"

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
  })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("afterNextPaint", () => {
  it("runs the task in a task of its own after the next frame, not before", () => {
    const task = vi.fn()
    afterNextPaint(task)
    vi.advanceTimersByTime(0)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(task).not.toHaveBeenCalled()
    vi.runOnlyPendingTimers()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it("runs nothing once cancelled, before or after the frame", () => {
    const beforeFrame = vi.fn()
    afterNextPaint(beforeFrame)()
    const afterFrame = vi.fn()
    const cancel = afterNextPaint(afterFrame)
    vi.advanceTimersToNextFrame()
    cancel()
    vi.runAllTimers()
    expect(beforeFrame).not.toHaveBeenCalled()
    expect(afterFrame).not.toHaveBeenCalled()
  })
})
