import { describe, expect, it } from "vitest"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { toCancelView } from "./use-cancel-subscription.ts"

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
