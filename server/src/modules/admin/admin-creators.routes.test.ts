import { readdir } from "node:fs/promises"
import { asc, eq, inArray } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminCreatorSchema } from "../../../../src/domain/admin.ts"
import { ProfileSchema, SubscriptionSchema } from "../../../../src/domain/models.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { highlights, highlightStories, medias, plans, profiles, stories } from "../../db/schema.ts"
import { createTestApp, tinyPng, type TestApp } from "../../../test/test-app.ts"
import { multipartBody, uniquePng } from "../../../test/billing-test-kit.ts"
import { fileField, multipart } from "../../../test/studio-testing.ts"

let t: TestApp
let operator: string

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(() => t.close())

describe("GET /v1/admin/creators", () => {
  it("lists creators with their e-mail and subscribers who have access now", async () => {
    const creator = await t.createCreator({ username: "contagem", fullName: "Contagem Teste" })
    const day = 86_400_000
    const now = t.clock.now().getTime()
    const cases = [
      { status: "paid", end: new Date(now + day) },
      { status: "whitelist", end: null },
      { status: "paid", end: new Date(now - day) },
      { status: "pending", end: null },
    ] as const
    for (const { status, end } of cases) {
      const follower = await t.createAccount()
      await t.createSubscription({
        accountId: follower.id,
        profileId: creator.profileId,
        status,
        currentPeriodEnd: end,
      })
    }
    await t.createCreator({ username: "contagem.vazia" })
    const res = await t.inject({ url: "/v1/admin/creators?q=contagem", token: operator })
    expect(res.statusCode).toBe(200)
    const rows = AdminCreatorSchema.array().parse(res.json())
    expect(rows.map((row) => [row.username, row.activeSubscribers])).toEqual([
      ["contagem", 2],
      ["contagem.vazia", 0],
    ])
    expect(rows[0]).toMatchObject({
      fullName: "Contagem Teste",
      email: "contagem@exemplo.com.br",
      banned: false,
    })
  })

  it("is only for operators", async () => {
    const creator = await t.createCreator()
    expect((await t.inject({ url: "/v1/admin/creators", token: creator.token })).statusCode).toBe(
      403,
    )
  })
})

describe("POST /v1/admin/creators/:id/ban", () => {
  it("bans a creator: her page shows banned, she sells nothing and her studio closes", async () => {
    const creator = await t.createCreator()
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: { banned: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ username: creator.username, banned: true })
    const profile = ProfileSchema.parse(
      (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
    )
    expect(profile).toMatchObject({ banned: true, plans: [] })
    const studio = await t.inject({ url: "/v1/studio/plans", token: creator.token })
    expect(studio.statusCode).toBe(403)
    expect(studio.json().code).toBe("creator_banned")

    const lifted = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: { banned: false },
    })
    expect(lifted.json().banned).toBe(false)
    expect((await t.inject({ url: "/v1/studio/plans", token: creator.token })).statusCode).toBe(200)
  })

  it("closes her studio: every write, and her receipts, answer the same pt-BR 403 and change nothing", async () => {
    const creator = await t.createCreator({ paymentGateway: "bacen" })
    await t.db
      .update(profiles)
      .set({ pixType: "email", pixKey: "banida.pix@exemplo.com.br" })
      .where(eq(profiles.id, creator.profileId))
    const story = await t.createStory(creator.profileId)
    const media = await t.createMedia(creator.profileId)
    const highlight = await t.createHighlight(creator.profileId, "Viagem", [story.id])
    const vip = await t.createAccount()
    const vipSubscription = await t.createSubscription({
      accountId: vip.id,
      profileId: creator.profileId,
      status: "whitelist",
      currentPeriodEnd: null,
    })
    const newcomer = await t.createAccount()
    const buyer = await t.createAccount()
    const pix = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(pix.statusCode, pix.body).toBe(200)
    const sent = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/subscription/pix/receipt`,
      token: buyer.token,
      ...multipartBody(
        {},
        { content: uniquePng("banida"), filename: "comprovante.png", type: "image/png" },
      ),
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const paymentId = SubscriptionSchema.parse(sent.json()).payment!.id

    const ban = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: { banned: true },
    })
    expect(ban.statusCode).toBe(200)
    const before = await studioOf(creator.profileId)

    const png = multipart(fileField(tinyPng, "foto.png", "image/png"))
    const studioCalls = [
      { method: "PATCH", url: "/v1/profile", payload: { fullName: "Outro Nome", bio: "Nova" } },
      { method: "POST", url: "/v1/profile/images", ...png },
      {
        method: "PUT",
        url: "/v1/studio/plans",
        payload: { plans: [{ name: "MONTHLY", active: true, valueCents: 990 }] },
      },
      { method: "PATCH", url: "/v1/studio/receiving", payload: { migrating: true } },
      { method: "POST", url: "/v1/studio/stories", ...png },
      { method: "DELETE", url: `/v1/studio/stories/${story.id}` },
      { method: "POST", url: "/v1/studio/medias", ...png },
      { method: "PATCH", url: `/v1/studio/medias/${media.id}`, payload: { description: "Nova" } },
      { method: "DELETE", url: `/v1/studio/medias/${media.id}` },
      {
        method: "POST",
        url: "/v1/studio/highlights",
        payload: { title: "Outro", storyIds: [story.id] },
      },
      { method: "PATCH", url: `/v1/studio/highlights/${highlight.id}`, payload: { title: "Novo" } },
      { method: "DELETE", url: `/v1/studio/highlights/${highlight.id}` },
      { method: "POST", url: "/v1/studio/whitelist", payload: { email: newcomer.email } },
      { method: "DELETE", url: `/v1/studio/whitelist/${vipSubscription.id}` },
      { method: "POST", url: `/v1/studio/receipts/${paymentId}/approve` },
      { method: "POST", url: `/v1/studio/receipts/${paymentId}/reject` },
      { method: "GET", url: "/v1/studio/receipts?status=all" },
    ] as const
    for (const { method, url, ...request } of studioCalls) {
      const res = await t.inject({ method, url, token: creator.token, ...request })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json(), `${method} ${url}`).toEqual({
        message: "Sua conta de criadora está suspensa. Fale com o suporte.",
        code: "creator_banned",
      })
    }
    expect(await studioOf(creator.profileId)).toEqual(before)
  })

  it("answers 404 for an unknown creator, 400 without a decision, 403 for non-operators", async () => {
    const creator = await t.createCreator()
    const missing = await t.inject({
      method: "POST",
      url: "/v1/admin/creators/00000000-0000-4000-8000-000000000000/ban",
      token: operator,
      payload: { banned: true },
    })
    expect(missing.statusCode).toBe(404)
    const empty = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({
      message: "Obrigatório",
      code: "validation_error",
      field: "banned",
    })
    const self = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: creator.token,
      payload: { banned: false },
    })
    expect(self.statusCode).toBe(403)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row?.banned).toBe(false)
  })
})

/** Everything a creator's studio can change: her rows and the files she stored. */
async function studioOf(profileId: string) {
  const storyRows = await t.db.select().from(stories).where(eq(stories.profileId, profileId))
  const subscriptionRows = await t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.profileId, profileId))
    .orderBy(asc(subscriptions.id))
  return {
    profile: await t.db.select().from(profiles).where(eq(profiles.id, profileId)),
    plans: await t.db
      .select()
      .from(plans)
      .where(eq(plans.profileId, profileId))
      .orderBy(asc(plans.id)),
    stories: storyRows,
    medias: await t.db.select().from(medias).where(eq(medias.profileId, profileId)),
    highlights: await t.db.select().from(highlights).where(eq(highlights.profileId, profileId)),
    highlightStories: await t.db
      .select()
      .from(highlightStories)
      .where(
        inArray(
          highlightStories.storyId,
          storyRows.map((row) => row.id),
        ),
      ),
    subscriptions: subscriptionRows,
    payments: await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.subscriptionId,
          subscriptionRows.map((row) => row.id),
        ),
      ),
    files: (await readdir(t.mediaDir, { recursive: true })).sort(),
  }
}
