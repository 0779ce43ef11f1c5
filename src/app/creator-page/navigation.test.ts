import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { FIXED_NOW, daysFrom } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { pathAfterCheckoutLogin, pathAfterLogin, subscribePath } from "./navigation.ts"
import { creatorPaths, safeRedirect, usernameFromParam } from "./paths.ts"

const primeSubscription = vi.hoisted(() => vi.fn())
vi.mock("../../api/subscriptions.ts", () => ({ primeSubscription }))

const paths = creatorPaths("demo")
const iugu = makeProfile({ paymentGateway: "iugu" })
const mercadoPago = makeProfile({ paymentGateway: "mercadoPago" })

describe("subscribe click (spec §2)", () => {
  it("sends a visitor to auth, or to the checkout that identifies buyers itself", () => {
    expect(subscribePath(paths, mercadoPago, false, null)).toBe("/demo/auth")
    expect(subscribePath(paths, iugu, false, null)).toBe("/demo/checkout")
  })

  it("sends a waiting payment to its status and anything else to payment", () => {
    const pending = makeSubscription({ status: "pending", payment: makePayment() })
    expect(subscribePath(paths, mercadoPago, true, pending)).toBe("/demo/payment/status")
    expect(subscribePath(paths, mercadoPago, true, null)).toBe("/demo/payment")
    const ended = makeSubscription({ status: "canceled", payment: makePayment({ status: "paid" }) })
    expect(subscribePath(paths, mercadoPago, true, ended)).toBe("/demo/payment")
  })
})

describe("after login (spec §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: FIXED_NOW })
    primeSubscription.mockReset()
  })
  afterEach(() => vi.useRealTimers())

  it("goes to the profile with access, to the status while a payment waits, else to payment", async () => {
    primeSubscription.mockResolvedValueOnce(makeSubscription())
    expect(await pathAfterLogin(paths, "demo", "token")).toBe("/demo")
    expect(primeSubscription).toHaveBeenCalledWith("demo", "token")

    primeSubscription.mockResolvedValueOnce(
      makeSubscription({ status: "pending", payment: makePayment() }),
    )
    expect(await pathAfterLogin(paths, "demo", "token")).toBe("/demo/payment/status")

    primeSubscription.mockResolvedValueOnce(
      makeSubscription({
        status: "pending",
        payment: makePayment({ createdAt: daysFrom(FIXED_NOW, -2) }),
      }),
    )
    expect(await pathAfterLogin(paths, "demo", "token")).toBe("/demo/payment")

    primeSubscription.mockResolvedValueOnce(null)
    expect(await pathAfterLogin(paths, "demo", "token")).toBe("/demo/payment")
  })

  it("keeps a buyer who logs in on the checkout there, unless active or with a payment waiting", async () => {
    primeSubscription.mockResolvedValueOnce(makeSubscription())
    expect(await pathAfterCheckoutLogin(paths, "demo", "token")).toBe("/demo")

    primeSubscription.mockResolvedValueOnce(
      makeSubscription({ status: "pending", payment: makePayment({ status: "analyzing" }) }),
    )
    expect(await pathAfterCheckoutLogin(paths, "demo", "token")).toBe("/demo/payment/status")

    primeSubscription.mockResolvedValueOnce(
      makeSubscription({
        status: "pending",
        payment: makePayment({ createdAt: daysFrom(FIXED_NOW, -2) }),
      }),
    )
    expect(await pathAfterCheckoutLogin(paths, "demo", "token")).toBeNull()

    primeSubscription.mockResolvedValueOnce(null)
    expect(await pathAfterCheckoutLogin(paths, "demo", "token")).toBeNull()

    primeSubscription.mockRejectedValueOnce(new Error("offline"))
    await expect(pathAfterCheckoutLogin(paths, "demo", "token")).rejects.toThrow("offline")
  })

  it("rejects when the subscription does not load, so the caller can say so", async () => {
    primeSubscription.mockRejectedValueOnce(new Error("offline"))
    await expect(pathAfterLogin(paths, "demo", "token")).rejects.toThrow("offline")
  })
})

describe("paths", () => {
  it("strips a leading @ from the creator parameter", () => {
    expect(usernameFromParam("@demo.pix")).toBe("demo.pix")
    expect(usernameFromParam("demo")).toBe("demo")
  })

  it("carries the temporary password as code", () => {
    expect(paths.checkoutPix("a b")).toBe("/demo/checkout/qrcodeurl?code=a%20b")
    expect(paths.checkoutSuccess(null)).toBe("/demo/checkout/success")
  })

  it("follows redirectTo only inside the app", () => {
    expect(safeRedirect("/demo")).toBe("/demo")
    expect(safeRedirect("//evil.example")).toBe("/")
    expect(safeRedirect("https://evil.example")).toBe("/")
    expect(safeRedirect(null)).toBe("/")
  })
})
