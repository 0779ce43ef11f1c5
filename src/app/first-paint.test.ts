import { afterEach, describe, expect, it, vi } from "vitest"
import { afterFirstPaint, nextTask } from "./first-paint.ts"

const visibility = (state: DocumentVisibilityState) =>
  vi.spyOn(document, "visibilityState", "get").mockReturnValue(state)

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe("afterFirstPaint", () => {
  it("waits for a frame in a visible tab, then for the task after it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] })
    visibility("visible")
    let done = false
    void afterFirstPaint().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(false)
    vi.advanceTimersToNextFrame()
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.runAllTimersAsync()
    expect(done).toBe(true)
  })

  it("does not wait for a frame in a hidden tab, which runs none", async () => {
    const frame = vi.spyOn(window, "requestAnimationFrame")
    visibility("hidden")
    await afterFirstPaint()
    expect(frame).not.toHaveBeenCalled()
  })
})

describe("nextTask", () => {
  it("resolves in a later task, not in the one that asked", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] })
    let done = false
    void nextTask().then(() => (done = true))
    await Promise.resolve()
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.runAllTimersAsync()
    expect(done).toBe(true)
  })
})
