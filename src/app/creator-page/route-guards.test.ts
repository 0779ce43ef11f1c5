import { afterEach, describe, expect, it } from "vitest"
import type { PaymentGateway, Profile, Subscription } from "../../domain/models.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { routes } from "../router.tsx"
import { ApiError } from "../../api/client.ts"
import { isPageNotFound } from "../routing/not-found.ts"
import { loadLocation, Redirect, type RouteState } from "../routing/routes.ts"
import { recoveryStore } from "../stores/recovery-store.ts"
import type { CreatorSource } from "./loaders.ts"

const DAY = 86_400_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString()

type Reader = {
  gateway?: PaymentGateway
  migrating?: boolean
  loggedIn?: boolean
  email?: string | null
  subscription?: Subscription | null | Error
}

/** The creator area's data as a reader of `demo` would find it. */
function source(reader: Reader = {}): CreatorSource {
  const profile: Profile = makeProfile({
    paymentGateway: reader.gateway ?? "iugu",
    migrating: reader.migrating ?? false,
  })
  return {
    viewer: () => (reader.loggedIn ? "token" : null),
    email: () => reader.email ?? null,
    profile: async () => profile,
    highlights: async () => undefined,
    stats: async () => undefined,
    subscriptionAhead: async () => undefined,
    subscription: async () => {
      const { subscription = null } = reader
      if (subscription instanceof Error) throw subscription
      return subscription
    },
  }
}

/** Where opening `path` leads: the path of the redirect, or the same path when it opens. */
async function open(path: string, reader?: Reader): Promise<string> {
  const outcome = await loadLocation(routes, new URL(`http://closer.test${path}`), {
    creatorSource: source(reader),
  })
  if (outcome instanceof Redirect) return outcome.to
  expect(outcome.errors).toBeNull()
  return path
}

const active = makeSubscription({ status: "paid", currentPeriodEnd: ahead(10 * DAY) })
const expired = makeSubscription({ status: "paid", currentPeriodEnd: ago(DAY) })
const pendingPix = (createdAt: string, status: "pending" | "analyzing" = "pending") =>
  makeSubscription({ status: "pending", payment: makePayment({ status, createdAt }) })

afterEach(() => recoveryStore.reset())

describe("the creator area's routes and their guards (spec §2)", () => {
  it("strips a leading @, also when the address arrives percent-encoded", async () => {
    expect(await open("/@demo/checkout")).toBe("/demo/checkout")
    expect(await open("/%40demo/checkout?plan=2")).toBe("/demo/checkout?plan=2")
    expect(await open("/@demo")).toBe("/demo")
  })

  it("sends any other child to the profile, and the old addresses to their pages", async () => {
    expect(await open("/demo/nao-existe")).toBe("/demo")
    expect(await open("/demo/nao/existe/mesmo")).toBe("/demo")
    expect(await open("/demo/payment/pix", { loggedIn: true })).toBe("/demo/payment/status")
    expect(await open("/demo/auth")).toBe("/demo/auth/email")
  })

  it("finds no page for a file name, and leads nowhere under a creator who does not exist", async () => {
    for (const path of ["/demo/foto.png", "/assets/app-Ab1.js", "/demo/auth/x.php"]) {
      const outcome = await loadLocation(routes, new URL(`http://closer.test${path}`), {
        creatorSource: source(),
      })
      expect(outcome, path).not.toBeInstanceOf(Redirect)
      const errors = Object.values((outcome as RouteState).errors ?? {})
      expect(errors.length, path).toBeGreaterThan(0)
      expect(errors.every(isPageNotFound), path).toBe(true)
    }
    const missing = new ApiError(404, "Perfil não encontrado", "profile_not_found")
    const outcome = await loadLocation(routes, new URL("http://closer.test/ninguem/nada"), {
      creatorSource: { ...source(), profile: () => Promise.reject(missing) },
    })
    expect(outcome).not.toBeInstanceOf(Redirect)
    expect(Object.values((outcome as RouteState).errors ?? {})).toContain(missing)
  })

  it("opens the profile to everyone while sales are open, and only to subscribers while paused", async () => {
    expect(await open("/demo")).toBe("/demo")
    expect(await open("/demo", { migrating: true })).toBe("/demo/payment/off")
    expect(await open("/demo", { migrating: true, loggedIn: true, subscription: active })).toBe(
      "/demo",
    )
  })

  it("opens the stories only to a signed-in subscriber with access", async () => {
    expect(await open("/demo/stories")).toBe("/demo/checkout")
    expect(await open("/demo/stories", { loggedIn: true, subscription: null })).toBe(
      "/demo/checkout",
    )
    expect(await open("/demo/stories", { loggedIn: true, subscription: expired })).toBe(
      "/demo/checkout",
    )
    expect(await open("/demo/stories", { loggedIn: true, subscription: active })).toBe(
      "/demo/stories",
    )
  })

  it("opens the checkout for the card and Pix provider's creators with sales open", async () => {
    expect(await open("/demo/checkout")).toBe("/demo/checkout")
    expect(await open("/demo/checkout", { gateway: "mercadoPago" })).toBe("/demo/auth")
    expect(await open("/demo/checkout", { migrating: true })).toBe("/demo/payment/off")
  })

  it("opens the Pix page only with a Pix code to pay", async () => {
    expect(await open("/demo/checkout/qrcodeurl", { subscription: null })).toBe("/demo/checkout")
    expect(await open("/demo/checkout/qrcodeurl", { subscription: pendingPix(ago(60_000)) })).toBe(
      "/demo/checkout/qrcodeurl",
    )
  })

  it("opens the payment page to a signed-in buyer of any provider with sales open", async () => {
    expect(await open("/demo/payment", { gateway: "mercadoPago" })).toBe("/demo/checkout")
    expect(await open("/demo/payment")).toBe("/demo/checkout")
    for (const gateway of ["mercadoPago", "iugu", "bacen"] as const) {
      const buyer = { gateway, loggedIn: true }
      expect(await open("/demo/payment", buyer)).toBe("/demo/payment")
      expect(await open("/demo/payment", { ...buyer, migrating: true })).toBe("/demo/payment/off")
    }
  })

  it("follows a payment on its status page until it is a day old, unless it is in review", async () => {
    const buyer = { gateway: "bacen" as const, loggedIn: true }
    expect(await open("/demo/payment/status", { gateway: "bacen" })).toBe("/demo/checkout")
    expect(
      await open("/demo/payment/status", { ...buyer, subscription: pendingPix(ago(60_000)) }),
    ).toBe("/demo/payment/status")
    expect(
      await open("/demo/payment/status", { ...buyer, subscription: pendingPix(ago(2 * DAY)) }),
    ).toBe("/demo/payment")
    expect(
      await open("/demo/payment/status", {
        ...buyer,
        subscription: pendingPix(ago(3 * DAY), "analyzing"),
      }),
    ).toBe("/demo/payment/status")
    expect(
      await open("/demo/payment/status", { ...buyer, subscription: new Error("fora do ar") }),
    ).toBe("/demo/payment")
    // Paused sales: only a payment made before is followed there.
    expect(await open("/demo/payment/status", { ...buyer, migrating: true })).toBe(
      "/demo/payment/off",
    )
  })

  it("asks for the e-mail first on the password steps, and the earlier step on recovery", async () => {
    expect(await open("/demo/auth/password")).toBe("/demo/auth")
    expect(await open("/demo/auth/password", { email: "ana@exemplo.com.br" })).toBe(
      "/demo/auth/password",
    )
    expect(await open("/demo/auth/register/password")).toBe("/demo/auth")
    expect(await open("/demo/auth/recovery/code")).toBe("/demo/auth")
    recoveryStore.set({ email: "ana@exemplo.com.br" })
    expect(await open("/demo/auth/recovery/code")).toBe("/demo/auth/recovery/code")
    expect(await open("/demo/auth/recovery/password")).toBe("/demo/auth")
  })

  it("asks a visitor to subscribe before cancelling", async () => {
    expect(await open("/demo/setting/cancel")).toBe("/demo/checkout")
    expect(await open("/demo/setting/cancel", { loggedIn: true, subscription: active })).toBe(
      "/demo/setting/cancel",
    )
  })
})
