import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import { ReceivingSchema } from "../../../../src/domain/studio.ts"
import { profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const patch = (token: string, payload: object) =>
  t.inject({ method: "PATCH", url: "/v1/studio/receiving", token, payload })

describe("GET /v1/studio/receiving", () => {
  it("shows the gateway, each gateway's credentials and no Pix key yet", async () => {
    const creator = await t.createCreator({ paymentGateway: "mercadoPago" })
    const res = await t.inject({ url: "/v1/studio/receiving", token: creator.token })
    expect(res.statusCode).toBe(200)
    expect(ReceivingSchema.parse(res.json())).toEqual({
      paymentGateway: "mercadoPago",
      pix: null,
      migrating: false,
      gateways: [
        { gateway: "mercadoPago", credentials: "sandbox" },
        { gateway: "bacen", credentials: "missing" },
        { gateway: "mercadoPagoPixOnly", credentials: "sandbox" },
        { gateway: "iugu", credentials: "sandbox" },
      ],
    })
  })

  it("refuses followers", async () => {
    const follower = await t.createAccount()
    expect(
      (await t.inject({ url: "/v1/studio/receiving", token: follower.token })).statusCode,
    ).toBe(403)
  })
})

describe("receiving in live mode", () => {
  let live: TestApp
  beforeAll(async () => {
    live = await createTestApp({
      config: {
        paymentsMode: "live",
        payments: { iugu: { apiToken: "token-iugu", accountId: "conta-iugu" } },
      },
    })
  })
  afterAll(() => live.close())

  const livePatch = (token: string, payload: object) =>
    live.inject({ method: "PATCH", url: "/v1/studio/receiving", token, payload })

  it("says which providers have the platform's credentials", async () => {
    const creator = await live.createCreator()
    const res = await live.inject({ url: "/v1/studio/receiving", token: creator.token })
    expect(ReceivingSchema.parse(res.json()).gateways).toEqual([
      { gateway: "mercadoPago", credentials: "missing" },
      { gateway: "bacen", credentials: "missing" },
      { gateway: "mercadoPagoPixOnly", credentials: "missing" },
      { gateway: "iugu", credentials: "configured" },
    ])
  })

  it("refuses a provider without credentials in pt-BR and changes nothing", async () => {
    const creator = await live.createCreator({ paymentGateway: "iugu" })
    for (const paymentGateway of ["mercadoPago", "mercadoPagoPixOnly"]) {
      const res = await livePatch(creator.token, {
        paymentGateway,
        pix: { type: "email", key: "duda@exemplo.com.br" },
        migrating: true,
      })
      expect(res.statusCode, paymentGateway).toBe(422)
      expect(res.json()).toEqual({
        message:
          "Indisponível: a plataforma ainda não configurou as credenciais deste gateway. Escolha outra forma de receber.",
        code: "gateway_unavailable",
        field: "paymentGateway",
      })
    }
    const [row] = await live.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row).toMatchObject({ paymentGateway: "iugu", pixKey: null, migrating: false })
  })

  it("lets a creator keep a gateway that lost its credentials, and leave it for one that has them", async () => {
    const creator = await live.createCreator({ paymentGateway: "mercadoPago" })
    const kept = await livePatch(creator.token, { paymentGateway: "mercadoPago", migrating: true })
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json()).toMatchObject({ paymentGateway: "mercadoPago", migrating: true })
    const moved = await livePatch(creator.token, { paymentGateway: "iugu" })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().paymentGateway).toBe("iugu")
    expect((await livePatch(creator.token, { paymentGateway: "mercadoPago" })).statusCode).toBe(422)
  })
})

describe("PATCH /v1/studio/receiving", () => {
  it("stores each Pix key type in its registered form", async () => {
    const creator = await t.createCreator()
    const cases = [
      [{ type: "phone", key: "(11) 98765-4321" }, "+5511987654321"],
      [{ type: "email", key: " Duda@Exemplo.com.br " }, "duda@exemplo.com.br"],
      [{ type: "person", key: "111.444.777-35" }, "11144477735"],
      [{ type: "person", key: "11.222.333/0001-81" }, "11222333000181"],
      [
        { type: "random", key: "123E4567-E12B-12D1-A456-426655440000" },
        "123e4567-e12b-12d1-a456-426655440000",
      ],
    ] as const
    for (const [pix, stored] of cases) {
      const res = await patch(creator.token, { pix })
      expect(res.statusCode, pix.key).toBe(200)
      expect(res.json().pix).toEqual({ type: pix.type, key: stored })
    }
  })

  it("answers the type's pt-BR message for a key that does not fit it, and keeps the old one", async () => {
    const creator = await t.createCreator()
    await patch(creator.token, { pix: { type: "email", key: "duda@exemplo.com.br" } })
    const cases = [
      [{ type: "person", key: "111.444.777-00" }, "Documento inválido"],
      [{ type: "email", key: "duda@" }, "Email inválido"],
      [{ type: "phone", key: "1234" }, "Inválido"],
      [{ type: "random", key: "curta" }, "Inválido"],
      [{ type: "person", key: "" }, "Obrigatório"],
    ] as const
    for (const [pix, message] of cases) {
      const res = await patch(creator.token, { pix })
      expect(res.statusCode, pix.key).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field: "pix.key" })
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row).toMatchObject({ pixType: "email", pixKey: "duda@exemplo.com.br" })
  })

  it("switches to the Pix-direct gateway only with a key", async () => {
    const creator = await t.createCreator()
    const refused = await patch(creator.token, { paymentGateway: "bacen" })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      message: "Cadastre uma chave Pix para receber pelo Pix direto na sua conta.",
      code: "pix_key_required",
      field: "pix",
    })
    const ok = await patch(creator.token, {
      paymentGateway: "bacen",
      pix: { type: "person", key: "11144477735" },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      paymentGateway: "bacen",
      gateways: expect.arrayContaining([{ gateway: "bacen", credentials: "configured" }]),
    })
    const removeKey = await patch(creator.token, { pix: null })
    expect(removeKey.statusCode).toBe(422)
    expect(
      ProfileSchema.parse((await t.inject({ url: `/v1/profile/${creator.username}` })).json()),
    ).toMatchObject({ paymentGateway: "bacen", pix: { type: "person", key: "11144477735" } })
  })

  it("pauses sales: the page says migrating, and subscribers keep their content", async () => {
    const creator = await t.createCreator()
    const follower = await t.createAccount()
    await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    await t.createStory(creator.profileId)
    const res = await patch(creator.token, { migrating: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().migrating).toBe(true)
    const profile = ProfileSchema.parse(
      (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
    )
    expect(profile.migrating).toBe(true)
    const stories = await t.inject({
      url: `/v1/u/${creator.username}/stories`,
      token: follower.token,
    })
    expect(stories.statusCode).toBe(200)
    expect(stories.json()).toHaveLength(1)
    expect((await patch(creator.token, { migrating: false })).json().migrating).toBe(false)
  })

  it("refuses an unknown gateway and a follower, changing nothing", async () => {
    const creator = await t.createCreator()
    const unknown = await patch(creator.token, { paymentGateway: "paypal" })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: "validation_error", field: "paymentGateway" })
    const follower = await t.createAccount()
    expect((await patch(follower.token, { migrating: true })).statusCode).toBe(403)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row).toMatchObject({ paymentGateway: "iugu", migrating: false })
  })
})
