import { eq, isNull } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { analyticsEventNames } from "../../../../src/domain/analytics.ts"
import { analyticsEvents } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let ip = 0
const nextIp = () => `10.7.0.${++ip}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (payload: object, options: { token?: string; remoteAddress?: string } = {}) =>
  t.inject({
    method: "POST",
    url: "/v1/events",
    payload,
    token: options.token,
    remoteAddress: options.remoteAddress ?? nextIp(),
  })

describe("POST /v1/events", () => {
  it("stores every spec event for the creator, with the signed-in account when there is one", async () => {
    const creator = await t.createCreator({ username: "eventos" })
    const fan = await t.createAccount()
    for (const name of analyticsEventNames) {
      const res = await send({ name, username: "@Eventos" }, { token: fan.token })
      expect(res.statusCode, name).toBe(200)
      expect(res.json()).toEqual({ recorded: true })
    }
    await send({ name: "profile", username: "eventos" })
    const rows = await t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.profileId, creator.profileId))
    expect(rows).toHaveLength(analyticsEventNames.length + 1)
    expect(rows.filter((row) => row.accountId === fan.id)).toHaveLength(analyticsEventNames.length)
    expect(rows.filter((row) => row.accountId === null).map((row) => row.name)).toEqual(["profile"])
  })

  it("keeps an event of an unknown page without a creator", async () => {
    const res = await send({ name: "error", username: "ninguem.aqui" })
    expect(res.statusCode).toBe(200)
    expect(await t.db.$count(analyticsEvents, isNull(analyticsEvents.profileId))).toBe(1)
  })

  it("refuses an unknown event name in pt-BR and stores nothing", async () => {
    const before = await t.db.$count(analyticsEvents)
    for (const name of ["compra", "", 42]) {
      const res = await send({ name, username: "eventos" })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: "Evento desconhecido",
        code: "validation_error",
        field: "name",
      })
    }
    const noName = await send({ username: "eventos" })
    expect(noName.statusCode).toBe(400)
    expect(await t.db.$count(analyticsEvents)).toBe(before)
  })

  it("limits each address to 120 events a minute", async () => {
    const address = nextIp()
    const statuses = []
    for (let i = 0; i < 121; i++)
      statuses.push((await send({ name: "auth" }, { remoteAddress: address })).statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(120)
    expect(statuses.at(-1)).toBe(429)
    t.clock.advance(60_000)
    expect((await send({ name: "auth" }, { remoteAddress: address })).statusCode).toBe(200)
  })
})
