import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import {
  MediaSchema,
  ProfileSchema,
  StorySchema,
  SubscriptionSchema,
} from "../../../src/domain/models.ts"
import { createTestApp, testScrypt, type TestApp } from "../../test/test-app.ts"
import { billingAudit } from "./schema-billing.ts"
import { accounts } from "./schema.ts"
import { seedIfEmpty } from "./seed.ts"

let t: TestApp

// The seed renders every demo picture as an upload is rendered: slow on a busy machine.
beforeAll(async () => {
  t = await createTestApp()
  expect(
    await seedIfEmpty({ db: t.db, storage: t.storage, clock: t.clock, scrypt: testScrypt }),
  ).toBe(true)
}, 300_000)
afterAll(() => t.close())

const login = async (usernameOrEmail: string) => {
  const res = await t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail, password: "demo1234" },
  })
  expect(res.statusCode, usernameOrEmail).toBe(200)
  return res.json().accessToken as string
}

describe("demo seed", () => {
  it("runs only on an empty database", async () => {
    const before = await t.db.$count(accounts)
    expect(
      await seedIfEmpty({ db: t.db, storage: t.storage, clock: t.clock, scrypt: testScrypt }),
    ).toBe(false)
    expect(await t.db.$count(accounts)).toBe(before)
  })

  it("creates the four creators with their gateways, plans and pictures", async () => {
    const expected = [
      ["demo", "iugu", false, true],
      ["demo.mp", "mercadoPago", false, true],
      ["demo.pix", "bacen", false, false],
      ["demo.pausado", "iugu", true, false],
    ] as const
    for (const [username, gateway, migrating, verified] of expected) {
      const profile = ProfileSchema.parse(
        (await t.inject({ url: `/v1/profile/${username}` })).json(),
      )
      expect(profile).toMatchObject({ username, paymentGateway: gateway, migrating, verified })
      expect(profile.plans.map((p) => p.valueCents)).toEqual([2990, 7990, 14990])
      expect((await t.inject({ url: profile.profilePic! })).headers["content-type"]).toBe(
        "image/jpeg",
      )
      expect((await t.inject({ url: profile.bannerPic! })).statusCode).toBe(200)
      // Stored as an upload is: renditions of each picture's use.
      expect(profile.profilePicImage).toMatchObject({ width: 256, height: 256 })
      expect(profile.bannerPicImage).toMatchObject({ width: 1080, height: 360 })
      expect((await t.inject({ url: `/v1/u/${username}/stats` })).json()).toEqual({
        medias: 12,
        highlights: 3,
        stories: 5,
      })
    }
    const pix = ProfileSchema.parse((await t.inject({ url: "/v1/profile/demo.pix" })).json()).pix
    expect(pix?.type).toBe("random")
    expect(pix?.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it("lets the subscriber see demo's stories (one still processing) and photos, and the visitor not", async () => {
    const subscriber = await login("assinante@demo.com.br")
    const stories = z
      .array(StorySchema)
      .parse((await t.inject({ url: "/v1/stories/demo", token: subscriber })).json())
    expect(stories).toHaveLength(5)
    expect(stories.filter((s) => !s.processed)).toHaveLength(1)
    const video = await t.inject({ url: stories[0]!.src, headers: { range: "bytes=0-1023" } })
    expect(video.statusCode).toBe(206)
    expect(video.headers["content-type"]).toBe("video/mp4")
    const medias = z
      .array(MediaSchema)
      .parse((await t.inject({ url: "/v1/u/demo/medias", token: subscriber })).json())
    expect(medias).toHaveLength(12)
    expect(medias.every((m) => m.description)).toBe(true)
    expect(medias[0]).toMatchObject({
      width: 720,
      height: 900,
      thumbImage: { width: 720, height: 900 },
      image: { width: 640, height: 800 },
    })
    expect(stories.every((s) => s.image?.width === 360)).toBe(true)
    const tile = await t.inject({ url: medias[0]!.thumbImage!.avif.split(" ")[0]! })
    expect(tile.headers["content-type"]).toBe("image/avif")

    expect((await t.inject({ url: "/v1/u/demo.mp/medias", token: subscriber })).statusCode).toBe(
      403,
    )
    const visitor = await login("visitante@demo.com.br")
    expect((await t.inject({ url: "/v1/stories/demo", token: visitor })).statusCode).toBe(403)
  })

  it("gives the demo subscriber a paid subscription to demo, with its payment and audit trail", async () => {
    const subscriber = await login("assinante@demo.com.br")
    const subscription = SubscriptionSchema.parse(
      (await t.inject({ url: "/v1/demo/subscription", token: subscriber })).json(),
    )
    expect(subscription).toMatchObject({
      status: "paid",
      plan: { name: "MONTHLY", valueCents: 2990 },
      payment: { status: "paid", amountCents: 3189, paymentMethod: "pix" },
      canceledDate: null,
    })
    expect(new Date(subscription.currentPeriodEnd!).getTime()).toBeGreaterThan(
      t.clock.now().getTime(),
    )
    const audit = await t.db
      .select()
      .from(billingAudit)
      .where(eq(billingAudit.subscriptionId, subscription.id))
    expect(audit.map((row) => [row.entity, row.toStatus, row.actor])).toEqual(
      expect.arrayContaining([
        ["payment", "paid", "seed"],
        ["subscription", "paid", "seed"],
      ]),
    )
    const visitor = await login("visitante@demo.com.br")
    expect((await t.inject({ url: "/v1/demo/subscription", token: visitor })).json()).toBeNull()
  })

  it("saves a sandbox card for each follower, and the visitor pays demo's monthly plan with his", async () => {
    const subscriber = await login("assinante@demo.com.br")
    const cards = (token: string) =>
      t.inject({ url: "/v1/iugu/cards", token }).then((r) => r.json())
    expect(await cards(subscriber)).toEqual([
      { id: expect.any(String), brand: "VISA", displayNumber: "XXXX-XXXX-XXXX-1111" },
    ])
    const visitor = await login("visitante@demo.com.br")
    const [card] = (await cards(visitor)) as { id: string; displayNumber: string }[]
    expect(card?.displayNumber).toBe("XXXX-XXXX-XXXX-4444")

    const paid = await t.inject({
      method: "POST",
      url: "/v1/demo/iugu/subscription/credit-card",
      token: visitor,
      payload: { planName: "MONTHLY", paymentMethodId: card!.id },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(SubscriptionSchema.parse(paid.json().subscription)).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
  })

  it("gives every creator a login", async () => {
    for (const email of [
      "criadora@demo.com.br",
      "criadora.mp@demo.com.br",
      "criadora.pix@demo.com.br",
      "criadora.pausado@demo.com.br",
    ]) {
      await login(email)
    }
    const token = await login("demo")
    expect((await t.inject({ url: "/v1/auth/session", token })).json().account).toMatchObject({
      username: "demo",
      role: "performer",
    })
  })

  it("gives the operator an admin login", async () => {
    const token = await login("admin@demo.com.br")
    expect((await t.inject({ url: "/v1/auth/session", token })).json().account).toMatchObject({
      email: "admin@demo.com.br",
      role: "admin",
    })
    expect((await t.inject({ url: "/v1/admin/leads", token })).statusCode).toBe(200)
  })
})
