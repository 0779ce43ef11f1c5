import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  notificationsNeedAccessMessage,
  notificationsOnMessage,
  unsubscribeInvalidMessage,
} from "../../../../src/domain/notification-texts.ts"
import { notificationOptIns, pushSubscriptions } from "../../db/schema-notifications.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import {
  optedInFollower,
  setNotifications,
  testVapid,
} from "../../../test/notifications-testing.ts"
import { createUnsubscribeTokens } from "./unsubscribe-token.ts"

let t: TestApp
const vapid = testVapid()

beforeAll(async () => {
  t = await createTestApp({ config: { vapid } })
})
afterAll(() => t.close())

const optInRow = (accountId: string, profileId: string) =>
  t.db
    .select()
    .from(notificationOptIns)
    .where(
      and(eq(notificationOptIns.accountId, accountId), eq(notificationOptIns.profileId, profileId)),
    )
    .then((rows) => rows[0] ?? null)

describe("PUT /v1/u/:username/notifications", () => {
  it("turns a subscriber's notifications on and off, and GET tells which", async () => {
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator)
    const read = () =>
      t.inject({ url: `/v1/u/${creator.username}/notifications`, token: follower.token })
    expect((await read()).json()).toEqual({ enabled: true, email: true })

    const off = await setNotifications(t, follower, creator, false, 200)
    expect(off.json()).toMatchObject({ enabled: false, email: false })
    expect((await read()).json()).toEqual({ enabled: false, email: false })
    expect(await optInRow(follower.id, creator.profileId)).toBeNull()

    const on = await setNotifications(t, follower, creator, true, 200)
    expect(on.json()).toEqual({ enabled: true, email: true, message: notificationsOnMessage })
  })

  it("refuses to turn them on without access now, in pt-BR, and stores nothing", async () => {
    const creator = await t.createCreator()
    const stranger = await t.createAccount()
    const ended = await t.createAccount()
    await t.createSubscription({
      accountId: ended.id,
      profileId: creator.profileId,
      status: "paid",
      currentPeriodEnd: new Date(t.clock.now().getTime() - 1000),
    })
    for (const follower of [stranger, ended]) {
      const res = await setNotifications(t, follower, creator, true, 403)
      expect(res.json()).toMatchObject({
        message: notificationsNeedAccessMessage,
        code: "notifications_need_access",
      })
      expect(await optInRow(follower.id, creator.profileId)).toBeNull()
      // Turning off is always allowed, and harmless without an opt-in.
      await setNotifications(t, follower, creator, false, 200)
    }
  })

  it("answers 401 signed out, 404 for an unknown creator and 400 for a bad body", async () => {
    const creator = await t.createCreator()
    const follower = await t.createAccount()
    const signedOut = await t.inject({
      method: "PUT",
      url: `/v1/u/${creator.username}/notifications`,
      payload: { enabled: true },
    })
    expect(signedOut.statusCode).toBe(401)
    const unknown = await t.inject({
      method: "PUT",
      url: "/v1/u/ninguem-aqui/notifications",
      token: follower.token,
      payload: { enabled: true },
    })
    expect(unknown.statusCode).toBe(404)
    const bad = await t.inject({
      method: "PUT",
      url: `/v1/u/${creator.username}/notifications`,
      token: follower.token,
      payload: { enabled: "sim" },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Informe se quer receber avisos/)
  })
})

describe("GET /v1/account/notifications", () => {
  it("lists the creators she has access to now, each with her choice, and no one else's", async () => {
    const [ana, bia, old] = await Promise.all([
      t.createCreator({ fullName: "Ana" }),
      t.createCreator({ fullName: "Bia" }),
      t.createCreator({ fullName: "Antiga" }),
    ])
    const follower = await optedInFollower(t, ana)
    await t.createSubscription({ accountId: follower.id, profileId: bia.profileId })
    await t.createSubscription({
      accountId: follower.id,
      profileId: old.profileId,
      currentPeriodEnd: new Date(t.clock.now().getTime() - 1000),
    })
    const other = await optedInFollower(t, bia)

    const res = await t.inject({ url: "/v1/account/notifications", token: follower.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(
      [
        { username: ana.username, fullName: "Ana", enabled: true, email: true },
        { username: bia.username, fullName: "Bia", enabled: false, email: false },
      ].sort((a, b) => a.username.localeCompare(b.username)),
    )
    const theirs = await t.inject({ url: "/v1/account/notifications", token: other.token })
    expect(theirs.json()).toEqual([
      { username: bia.username, fullName: "Bia", enabled: true, email: true },
    ])
  })
})

describe("push subscriptions", () => {
  it("gives the VAPID public key, never the private one", async () => {
    const res = await t.inject({ url: "/v1/notifications/push-key" })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ publicKey: vapid.publicKey })
    expect(res.body).not.toContain(vapid.privateKey)
  })

  it("keeps one row per browser, moves it to whoever subscribes it last with its keys, and forgets it on request", async () => {
    const [first, second] = [await t.createAccount(), await t.createAccount()]
    const body = {
      endpoint: "https://push.exemplo.com.br/assinatura/1",
      keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
    }
    for (const account of [first, second]) {
      const res = await t.inject({
        method: "POST",
        url: "/v1/account/push-subscriptions",
        token: account.token,
        payload: body,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
    expect(rows.map((row) => row.accountId)).toEqual([second.id])
    // Whoever learned the endpoint without the browser's keys cannot take it over.
    const thief = await t.createAccount()
    await t.inject({
      method: "POST",
      url: "/v1/account/push-subscriptions",
      token: thief.token,
      payload: { ...body, keys: { p256dh: "C".repeat(87), auth: "b".repeat(22) } },
    })
    const kept = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
    expect(kept).toEqual(rows)

    // Someone else's browser is not hers to forget.
    const payload = { endpoint: body.endpoint }
    await t.inject({
      method: "DELETE",
      url: "/v1/account/push-subscriptions",
      token: first.token,
      payload,
    })
    expect(
      await t.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, body.endpoint)),
    ).toBe(1)
    const gone = await t.inject({
      method: "DELETE",
      url: "/v1/account/push-subscriptions",
      token: second.token,
      payload,
    })
    expect(gone.statusCode).toBe(200)
    expect(
      await t.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, body.endpoint)),
    ).toBe(0)
  })

  it("refuses an endpoint that is not a URL, or keys that are not base64url, in pt-BR", async () => {
    const follower = await t.createAccount()
    for (const payload of [
      { endpoint: "javascript:alert(1)", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } },
      {
        endpoint: "https://push.exemplo.com.br/x",
        keys: { p256dh: "<script>", auth: "a".repeat(22) },
      },
    ]) {
      const res = await t.inject({
        method: "POST",
        url: "/v1/account/push-subscriptions",
        token: follower.token,
        payload,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/inválid/)
    }
    expect(await t.db.$count(pushSubscriptions, eq(pushSubscriptions.accountId, follower.id))).toBe(
      0,
    )
  })
})

describe("POST /v1/notifications/unsubscribe", () => {
  it("turns one creator's digest off from a mail client's one-click post, push kept, without a session", async () => {
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator)
    const token = createUnsubscribeTokens(t.config.jwtSecret).make(follower.id, creator.profileId)
    const res = await t.inject({
      method: "POST",
      url: `/v1/notifications/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      xsrf: false,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      username: creator.username,
      message: `Pronto! Você não receberá mais e-mails de novidades de @${creator.username}.`,
    })
    expect(await optInRow(follower.id, creator.profileId)).toMatchObject({ email: false })
    // The settings still show her opted in (push goes on), with the e-mail off.
    const setting = await t.inject({
      url: `/v1/u/${creator.username}/notifications`,
      token: follower.token,
    })
    expect(setting.json()).toEqual({ enabled: true, email: false })
    const list = await t.inject({ url: "/v1/account/notifications", token: follower.token })
    expect(list.json()).toEqual([
      { username: creator.username, fullName: expect.any(String), enabled: true, email: false },
    ])
  })

  it("answers 404 to a forged, altered or foreign token, and changes nothing", async () => {
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator)
    const good = createUnsubscribeTokens(t.config.jwtSecret).make(follower.id, creator.profileId)
    const foreign = createUnsubscribeTokens("outro-segredo-de-outro-servidor-123456").make(
      follower.id,
      creator.profileId,
    )
    for (const token of [foreign, `${good}x`, good.replace(/^./, "A"), "nada.disso.aqui"]) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        xsrf: false,
      })
      expect(res.statusCode, token).toBe(404)
      expect(res.json().message).toBe(unsubscribeInvalidMessage)
    }
    expect(await optInRow(follower.id, creator.profileId)).toMatchObject({ email: true })
  })
})
