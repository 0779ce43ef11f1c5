import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { IDLE_HOLD_MAX_MS, holdIdleWork, releaseIdleWork, whenIdle } from "./when-idle.ts"

describe("idle work held back for a page's main picture", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    releaseIdleWork()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it("runs at the first idle moment when nothing holds it", () => {
    const task = vi.fn()
    whenIdle(task)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledOnce()
  })

  it("waits for the release, then runs at the next idle moment, once", () => {
    const task = vi.fn()
    holdIdleWork()
    whenIdle(task)
    vi.advanceTimersByTime(IDLE_HOLD_MAX_MS - 100)
    expect(task).not.toHaveBeenCalled()
    releaseIdleWork()
    releaseIdleWork()
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(IDLE_HOLD_MAX_MS * 2)
    expect(task).toHaveBeenCalledOnce()
  })

  it("runs when the hold lapses, for a picture that never arrives", () => {
    const task = vi.fn()
    holdIdleWork()
    whenIdle(task)
    vi.advanceTimersByTime(IDLE_HOLD_MAX_MS + 1000)
    expect(task).toHaveBeenCalledOnce()
  })

  it("keeps the first hold's time limit when held again", () => {
    const task = vi.fn()
    holdIdleWork()
    vi.advanceTimersByTime(IDLE_HOLD_MAX_MS - 500)
    holdIdleWork()
    whenIdle(task)
    vi.advanceTimersByTime(400)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledOnce()
  })
})
