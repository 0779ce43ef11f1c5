import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { StudioNumbersSchema } from "../../../../src/domain/studio.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { checkout, settleInSandbox } from "../../../test/billing-test-kit.ts"
import { createManualClock } from "../../clock.ts"

let t: TestApp
const day = 86_400_000

beforeAll(async () => {
  // 22/11/2026 at 12:00 in São Paulo.
  t = await createTestApp({ clock: createManualClock(new Date("2026-11-22T15:00:00.000Z")) })
})
afterAll(() => t.close())

const event = (name: string, username: string) =>
  t.inject({ method: "POST", url: "/v1/events", payload: { name, username } })

const numbersOf = async (token: string, query = "") => {
  const res = await t.inject({ url: `/v1/studio/numbers${query}`, token })
  expect(res.statusCode, res.body).toBe(200)
  return StudioNumbersSchema.parse(res.json())
}

describe("GET /v1/studio/numbers", () => {
  it("counts visits, checkouts started, paid subscriptions, active subscribers and revenue per day", async () => {
    const creator = await t.createCreator({ username: "numeros" })
    const start = t.clock.now().getTime()

    // Two days ago: three visits, one checkout.
    t.clock.set(new Date(start - 2 * day))
    for (const name of ["profile", "profile", "profile", "checkout", "auth"]) {
      await event(name, "numeros")
    }
    // Today: one visit, a Pix checkout paid in the sandbox (R$ 29,90 plan + R$ 1,99 fee).
    t.clock.set(new Date(start))
    await event("profile", "numeros")
    await event("payment", "numeros")
    const bought = await checkout(t, "/v1/numeros/iugu/subscription/pix", {
      email: "comprou@exemplo.com.br",
      planName: "monthly",
      token: captchaTokens.valid,
    })
    await settleInSandbox(t, bought.subscription, bought.auth!.accessToken)
    // Another creator's visit does not count.
    await t.createCreator({ username: "outra.numeros" })
    await event("profile", "outra.numeros")

    const numbers = await numbersOf(creator.token, "?days=7")
    expect(numbers.days.map((d) => d.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ])
    expect(numbers.days[4]).toEqual({
      date: "2026-11-20",
      visits: 3,
      checkoutsStarted: 1,
      paid: 0,
      revenueCents: 0,
    })
    expect(numbers.days[6]).toEqual({
      date: "2026-11-22",
      visits: 1,
      checkoutsStarted: 1,
      paid: 1,
      revenueCents: 2990,
    })
    expect(numbers.totals).toEqual({ visits: 4, checkoutsStarted: 2, paid: 1, revenueCents: 2990 })
    expect(numbers.activeSubscribers).toBe(1)
    expect(numbers.monthlyRevenueCents).toBe(2990)
    expect((await numbersOf(creator.token)).days).toHaveLength(30)
  })

  it("counts a signed-in visitor once a day and a renewal in revenue but not as a new subscription", async () => {
    const creator = await t.createCreator({ username: "renova" })
    const start = new Date("2026-11-22T15:00:00.000Z").getTime()
    t.clock.set(new Date(start - 40 * day))
    const first = await checkout(t, "/v1/renova/iugu/subscription/pix", {
      email: "seguidora.renova@exemplo.com.br",
      planName: "monthly",
      token: captchaTokens.valid,
    })
    await settleInSandbox(t, first.subscription, first.auth!.accessToken)

    // Ten days ago, the month paid before has run out: she signs in, opens the page three times
    // and pays again.
    t.clock.set(new Date(start - 10 * day))
    const login = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: {
        usernameOrEmail: "seguidora.renova@exemplo.com.br",
        password: first.auth!.password,
      },
    })
    expect(login.statusCode, login.body).toBe(200)
    const buyer = (login.json() as { accessToken: string }).accessToken
    const visit = (name: string) =>
      t.inject({
        method: "POST",
        url: "/v1/events",
        payload: { name, username: "renova" },
        token: buyer,
      })
    for (const name of ["profile", "profile", "profile", "payment", "payment"]) {
      expect((await visit(name)).statusCode).toBe(200)
    }
    await event("profile", "renova")
    const renewal = await checkout(
      t,
      "/v1/renova/iugu/subscription/pix",
      {
        email: "seguidora.renova@exemplo.com.br",
        planName: "monthly",
        typeAuth: "existing_user",
        token: captchaTokens.valid,
      },
      { token: buyer },
    )
    expect(renewal.subscription.id).toBe(first.subscription.id)
    await settleInSandbox(t, renewal.subscription, buyer)

    t.clock.set(new Date(start))
    const numbers = await numbersOf(creator.token, "?days=30")
    expect(numbers.days.find((d) => d.date === "2026-11-12")).toEqual({
      date: "2026-11-12",
      visits: 2,
      checkoutsStarted: 1,
      paid: 0,
      revenueCents: 2990,
    })
    expect(numbers.totals).toMatchObject({ paid: 0, revenueCents: 2990 })
    expect(numbers.activeSubscribers).toBe(1)
    // Forty days ago she subscribed: that day had the new subscription.
    const wider = await numbersOf(creator.token, "?days=60")
    expect(wider.totals).toMatchObject({ paid: 1, revenueCents: 5980 })
  })

  it("puts an event at 01:00 UTC on the previous São Paulo day", async () => {
    const creator = await t.createCreator({ username: "fuso" })
    t.clock.set(new Date("2026-11-22T01:00:00.000Z"))
    await event("profile", "fuso")
    t.clock.set(new Date("2026-11-22T15:00:00.000Z"))
    const numbers = await numbersOf(creator.token, "?days=7")
    expect(numbers.days.find((d) => d.visits > 0)?.date).toBe("2026-11-21")
  })

  it("refuses a period out of range and followers", async () => {
    const creator = await t.createCreator()
    for (const days of ["3", "91", "x"]) {
      const res = await t.inject({ url: `/v1/studio/numbers?days=${days}`, token: creator.token })
      expect(res.statusCode, days).toBe(400)
      expect(res.json()).toMatchObject({ message: "Inválido", field: "days" })
    }
    const follower = await t.createAccount()
    expect((await t.inject({ url: "/v1/studio/numbers", token: follower.token })).statusCode).toBe(
      403,
    )
  })
})
