import { afterEach, describe, expect, it, vi } from "vitest"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { followCancel, toCancelView } from "./use-cancel-subscription.ts"

describe("cancel page view", () => {
  it("shows the subscription to cancel, a failed load over older data, and loads before", () => {
    const subscription = makeSubscription()
    expect(toCancelView({ data: subscription, error: undefined })).toEqual({
      status: "ready",
      subscription,
    })
    expect(toCancelView({ data: subscription, error: new Error("Sem conexão") })).toEqual({
      status: "error",
      message: "Sem conexão",
    })
    expect(toCancelView({ data: undefined, error: undefined })).toEqual({ status: "loading" })
  })
})

describe("after a cancel", () => {
  afterEach(() => vi.useRealTimers())

  it("goes to the gateway's cancel page after the alert has been read, without reloading", async () => {
    vi.useFakeTimers()
    const then = { leaveTo: vi.fn(), reload: vi.fn(async () => undefined), back: vi.fn() }
    await followCancel({ menageUrl: "https://pagamentos.exemplo.com/gerenciar/abc" }, then)
    vi.advanceTimersByTime(1_499)
    expect(then.leaveTo).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(then.leaveTo).toHaveBeenCalledWith("https://pagamentos.exemplo.com/gerenciar/abc")
    expect(then.reload).not.toHaveBeenCalled()
    expect(then.back).not.toHaveBeenCalled()
  })

  it("otherwise reloads the subscription, then goes back to 'Minha conta'", async () => {
    vi.useFakeTimers()
    const order: string[] = []
    const then = {
      leaveTo: vi.fn(),
      reload: vi.fn(async () => void order.push("reload")),
      back: vi.fn(() => void order.push("back")),
    }
    await followCancel({}, then)
    expect(order).toEqual(["reload"])
    vi.advanceTimersByTime(0)
    expect(order).toEqual(["reload", "back"])
    expect(then.leaveTo).not.toHaveBeenCalled()
  })
})
