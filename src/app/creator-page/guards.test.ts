import { describe, expect, it } from "vitest"
import type { Subscription } from "../../domain/models.ts"
import { FIXED_NOW, daysFrom } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import {
  firstRedirect,
  requireActiveSubscription,
  requireCheckoutGateway,
  requireEmail,
  requireFreshPayment,
  requireLogin,
  requirePixCode,
  requireSalesOpen,
  requireSalesOpenOrAccess,
  requireSalesOpenOrPayment,
  type GuardContext,
} from "./guards.ts"

function context(overrides: Partial<GuardContext> & { sub?: Subscription | null | Error } = {}) {
  const { sub = null, ...rest } = overrides
  return {
    profile: makeProfile(),
    loggedIn: true,
    email: "ana@exemplo.com.br",
    subscription: () => (sub instanceof Error ? Promise.reject(sub) : Promise.resolve(sub)),
    now: FIXED_NOW,
    ...rest,
  } satisfies GuardContext
}

const expired = makeSubscription({ status: "paid", currentPeriodEnd: daysFrom(FIXED_NOW, -1) })

describe("creator guards (spec §2)", () => {
  it("sends a visitor without login to the checkout", async () => {
    expect(await requireLogin(context({ loggedIn: false }))).toBe("checkout")
    expect(await requireLogin(context())).toBeNull()
  })

  it("opens the checkout only for the card/Pix provider, else auth", async () => {
    expect(await requireCheckoutGateway(context())).toBeNull()
    const mp = makeProfile({ paymentGateway: "mercadoPago" })
    expect(await requireCheckoutGateway(context({ profile: mp }))).toBe("auth")
  })

  it("needs a subscription whose period has not ended, else checkout", async () => {
    expect(await requireActiveSubscription(context({ sub: makeSubscription() }))).toBeNull()
    expect(await requireActiveSubscription(context({ sub: expired }))).toBe("checkout")
    expect(await requireActiveSubscription(context({ sub: new Error("offline") }))).toBe("checkout")
  })

  it("sends everyone to payment/off while a creator migrates, subscribers still see the profile", async () => {
    const migrating = makeProfile({ migrating: true })
    expect(await requireSalesOpen(context({ profile: migrating }))).toBe("payment/off")
    expect(await requireSalesOpen(context())).toBeNull()
    expect(
      await requireSalesOpenOrAccess(context({ profile: migrating, sub: makeSubscription() })),
    ).toBeNull()
    expect(await requireSalesOpenOrAccess(context({ profile: migrating, sub: expired }))).toBe(
      "payment/off",
    )
  })

  it("keeps the payment status of a migrating creator only for a payment made before", async () => {
    const migrating = makeProfile({ migrating: true })
    const pending = makeSubscription({ status: "pending", payment: makePayment() })
    const offline = new Error("offline")
    expect(await requireSalesOpenOrPayment(context({ sub: null }))).toBeNull()
    expect(
      await requireSalesOpenOrPayment(context({ profile: migrating, sub: pending })),
    ).toBeNull()
    for (const sub of [null, makeSubscription({ payment: null }), offline])
      expect(await requireSalesOpenOrPayment(context({ profile: migrating, sub }))).toBe(
        "payment/off",
      )
  })

  it("sends an expired payment or a failed subscription load to payment", async () => {
    const fresh = makeSubscription({ status: "pending", payment: makePayment() })
    const old = makeSubscription({
      status: "pending",
      payment: makePayment({ createdAt: daysFrom(FIXED_NOW, -1) }),
    })
    expect(await requireFreshPayment(context({ sub: fresh }))).toBeNull()
    expect(await requireFreshPayment(context({ sub: null }))).toBeNull()
    expect(await requireFreshPayment(context({ sub: old }))).toBe("payment")
    expect(await requireFreshPayment(context({ sub: new Error("500") }))).toBe("payment")
    // A receipt in review for days is still followed on the status page.
    const inReview = makeSubscription({
      status: "pending",
      payment: makePayment({ status: "analyzing", createdAt: daysFrom(FIXED_NOW, -3) }),
    })
    expect(await requireFreshPayment(context({ sub: inReview }))).toBeNull()
  })

  it("needs a stored e-mail for the password steps, and a Pix code for the Pix page", async () => {
    expect(await requireEmail(context({ email: null }))).toBe("auth")
    expect(await requireEmail(context())).toBeNull()
    const pending = makeSubscription({ status: "pending", payment: makePayment() })
    expect(await requirePixCode(context({ sub: pending }))).toBeNull()
    expect(await requirePixCode(context({ sub: null }))).toBe("checkout")
    const card = makeSubscription({ payment: makePayment({ pixCode: null }) })
    expect(await requirePixCode(context({ sub: card }))).toBe("checkout")
  })

  it("applies guards in order and stops at the first refusal", async () => {
    const asked: string[] = []
    const ctx = context({ loggedIn: false, profile: makeProfile({ migrating: true }) })
    const spy = (name: string, guard: typeof requireLogin) => async (c: GuardContext) => {
      asked.push(name)
      return guard(c)
    }
    const target = await firstRedirect(
      [spy("login", requireLogin), spy("sales", requireSalesOpen)],
      ctx,
    )
    expect(target).toBe("checkout")
    expect(asked).toEqual(["login"])
    expect(await firstRedirect([requireEmail], context())).toBeNull()
  })
})
