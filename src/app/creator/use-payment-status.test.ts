import { describe, expect, it } from "vitest"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { toPaymentStatusView } from "./use-payment-status.ts"

describe("payment status view", () => {
  it("keeps what was loaded on screen when a refresh fails", () => {
    const subscription = makeSubscription()
    const failed = { data: subscription, error: new Error("Sem conexão") }
    expect(toPaymentStatusView(failed)).toEqual({ status: "ready", subscription })
    expect(toPaymentStatusView({ data: null, error: undefined })).toEqual({
      status: "ready",
      subscription: null,
    })
  })

  it("shows the error of a first load that fails, and loads before that", () => {
    expect(toPaymentStatusView({ data: undefined, error: new Error("Sem conexão") })).toEqual({
      status: "error",
      message: "Sem conexão",
    })
    expect(toPaymentStatusView({ data: undefined, error: undefined })).toEqual({
      status: "loading",
    })
  })
})
