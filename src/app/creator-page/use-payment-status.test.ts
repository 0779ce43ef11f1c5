import { renderHook } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import type { Subscription } from "../../domain/models.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { toPaymentStatusView, useProfileOnceBoletoPaid } from "./use-payment-status.ts"

const DAY = 86_400_000
const boleto = (status: "pending" | "paid") =>
  makeSubscription({
    status: status === "paid" ? "paid" : "pending",
    currentPeriodEnd: new Date(Date.now() + (status === "paid" ? 30 * DAY : -DAY)).toISOString(),
    payment: makePayment({ status, paymentMethod: "boleto", pixCode: null }),
  })

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

describe("a boleto paid while its page is open", () => {
  function watch(first: Subscription | null) {
    const goToProfile = vi.fn()
    const hook = renderHook(
      ({ subscription }) => useProfileOnceBoletoPaid(subscription, goToProfile),
      {
        initialProps: { subscription: first as Subscription | null | undefined },
      },
    )
    return {
      goToProfile,
      show: (subscription: Subscription | null) => hook.rerender({ subscription }),
    }
  }

  it("takes the buyer to the profile once, when a refresh finds the access it paid for", () => {
    const { goToProfile, show } = watch(boleto("pending"))
    show(boleto("pending"))
    expect(goToProfile).not.toHaveBeenCalled()
    show(boleto("paid"))
    expect(goToProfile).toHaveBeenCalledTimes(1)
    show(boleto("paid"))
    expect(goToProfile).toHaveBeenCalledTimes(1)
  })

  it("leaves a page opened on an approved payment, or on another method, where it is", () => {
    const paid = watch(boleto("paid"))
    paid.show(boleto("paid"))
    expect(paid.goToProfile).not.toHaveBeenCalled()
    const pix = watch(makeSubscription({ status: "pending", payment: makePayment() }))
    pix.show(
      makeSubscription({
        status: "paid",
        currentPeriodEnd: new Date(Date.now() + DAY).toISOString(),
      }),
    )
    expect(pix.goToProfile).not.toHaveBeenCalled()
  })

  it("stays while the boleto is refused or still compensating", () => {
    const { goToProfile, show } = watch(boleto("pending"))
    show(
      makeSubscription({
        status: "unpaid",
        payment: makePayment({ status: "failed", paymentMethod: "boleto" }),
      }),
    )
    expect(goToProfile).not.toHaveBeenCalled()
  })
})
