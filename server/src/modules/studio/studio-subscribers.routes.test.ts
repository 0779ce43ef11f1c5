import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { pageSchema } from "../../../../src/domain/paging.ts"
import { StudioSubscriberSchema } from "../../../../src/domain/studio.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const day = 86_400_000

const pageOf = async (token: string, query = "") => {
  const res = await t.inject({ url: `/v1/studio/subscribers${query}`, token })
  expect(res.statusCode, res.body).toBe(200)
  return pageSchema(StudioSubscriberSchema).parse(res.json())
}
const listOf = async (token: string, query = "") => (await pageOf(token, query)).items

describe("GET /v1/studio/subscribers", () => {
  it("lists the creator's subscribers with status, plan, dates and method, filtered and searched", async () => {
    const creator = await t.createCreator()
    const ana = await t.createAccount({ email: "ana.lista@exemplo.com.br", fullName: "Ana Lista" })
    const bia = await t.createAccount({ email: "bia.lista@exemplo.com.br" })
    const caio = await t.createAccount({ email: "caio.lista@exemplo.com.br" })
    const anas = await t.createSubscription({ accountId: ana.id, profileId: creator.profileId })
    // She bought here: the creator sees the name she gave.
    await t.db.insert(payments).values({
      subscriptionId: anas.id,
      status: "paid",
      method: "pix",
      gateway: "iugu",
      amountCents: 2990,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    t.clock.advance(1000)
    await t.createSubscription({
      accountId: bia.id,
      profileId: creator.profileId,
      status: "paid",
      currentPeriodEnd: new Date(t.clock.now().getTime() - day),
    })
    t.clock.advance(1000)
    await t.createSubscription({
      accountId: caio.id,
      profileId: creator.profileId,
      status: "pending",
      currentPeriodEnd: null,
    })
    const other = await t.createCreator()
    await t.createSubscription({ accountId: ana.id, profileId: other.profileId })

    const all = await listOf(creator.token)
    expect(all.map((s) => [s.email, s.status, s.active])).toEqual([
      ["caio.lista@exemplo.com.br", "pending", false],
      ["bia.lista@exemplo.com.br", "paid", false],
      ["ana.lista@exemplo.com.br", "paid", true],
    ])
    expect(all[2]).toMatchObject({
      fullName: "Ana Lista",
      plan: "MONTHLY",
      paymentMethod: "pix",
      paymentStatus: "paid",
      currentPeriodEnd: new Date(t.clock.now().getTime() - 2000 + 30 * day).toISOString(),
    })
    expect((await listOf(creator.token, "?status=active")).map((s) => s.email)).toEqual([
      "ana.lista@exemplo.com.br",
    ])
    expect((await listOf(creator.token, "?status=pending")).map((s) => s.email)).toEqual([
      "caio.lista@exemplo.com.br",
    ])
    expect((await listOf(creator.token, "?q=ANA%20LISTA")).map((s) => s.email)).toEqual([
      "ana.lista@exemplo.com.br",
    ])
    expect(await listOf(creator.token, "?method=credit_card")).toEqual([])
  })

  it("pages newest first with a cursor, past the old cap of 1,000, searching on the server", async () => {
    const creator = await t.createCreator()
    const at = t.clock.now().getTime()
    // Written straight to the tables: a thousand logins' password hashes would take minutes.
    const people = await t.db
      .insert(accounts)
      .values(
        Array.from({ length: 1005 }, (_, i) => ({
          email: `pagina${String(i).padStart(4, "0")}@exemplo.com.br`,
          passwordHash: "sem-senha",
        })),
      )
      .returning({ id: accounts.id })
    // Two by two at the same instant, so the id breaks the ties.
    await t.db.insert(subscriptions).values(
      people.map((person, i) => ({
        accountId: person.id,
        profileId: creator.profileId,
        status: "whitelist" as const,
        createdAt: new Date(at + Math.floor(i / 2) * 1000),
        updatedAt: new Date(at),
      })),
    )
    const seen: string[] = []
    let cursor: string | null = ""
    let pages = 0
    while (cursor !== null) {
      const query: string = cursor ? `?limit=100&cursor=${cursor}` : "?limit=100"
      const page = await pageOf(creator.token, query)
      expect(page.items.length).toBeLessThanOrEqual(100)
      seen.push(...page.items.map((s) => s.email))
      cursor = page.nextCursor
      pages++
    }
    expect(pages).toBe(11)
    expect(seen).toHaveLength(1005)
    expect(new Set(seen).size).toBe(1005)
    const first = await pageOf(creator.token)
    expect(first.items).toHaveLength(50)
    expect(first.items[0]!.email).toMatch(/^pagina100[34]@/)

    const found = await pageOf(creator.token, "?q=pagina0007&limit=5")
    expect(found).toEqual({
      items: [expect.objectContaining({ email: "pagina0007@exemplo.com.br" })],
      nextCursor: null,
    })
  })

  it("answers a bad cursor or limit with a 400 in pt-BR, never a 500", async () => {
    const creator = await t.createCreator()
    for (const [query, message, field] of [
      [
        "?cursor=nao-e-um-cursor",
        "Não foi possível continuar a lista. Recarregue a página.",
        "cursor",
      ],
      [
        `?cursor=${"a".repeat(500)}`,
        "Não foi possível continuar a lista. Recarregue a página.",
        "cursor",
      ],
      ["?limit=0", "Peça de 1 a 100 itens por página.", "limit"],
      ["?limit=1000", "Peça de 1 a 100 itens por página.", "limit"],
      ["?limit=dez", "Peça de 1 a 100 itens por página.", "limit"],
    ]) {
      const res = await t.inject({ url: `/v1/studio/subscribers${query}`, token: creator.token })
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toMatchObject({ message, field })
    }
  })

  it("refuses a bad filter in pt-BR, and followers", async () => {
    const creator = await t.createCreator()
    const bad = await t.inject({ url: "/v1/studio/subscribers?status=vip", token: creator.token })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: "Inválido", field: "status" })
    const follower = await t.createAccount()
    expect(
      (await t.inject({ url: "/v1/studio/subscribers", token: follower.token })).statusCode,
    ).toBe(403)
  })
})

/** Invites `email` to the creator's lista VIP and accepts with `token`, as the follower would. */
const addVip = async (creator: { token: string }, email: string, token: string) => {
  await t.inject({
    method: "POST",
    url: "/v1/studio/whitelist",
    token: creator.token,
    payload: { email },
  })
  const mail = await vi.waitFor(() => {
    const found = t.mailer.lastTo(email)
    if (!found) throw new Error(`no mail to ${email}`)
    return found
  })
  const link = new URL(/https?:\/\/\S+\/vip\?convite=[\w-]+/.exec(mail.text)![0])
  const res = await t.inject({
    method: "POST",
    url: "/v1/vip-invites/accept",
    token,
    payload: { token: link.searchParams.get("convite") },
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe("DELETE /v1/studio/whitelist", () => {
  it("takes away the access an accepted invitation gave, with the audit kept", async () => {
    const creator = await t.createCreator()
    const fan = await t.createAccount({ email: "vip@exemplo.com.br" })
    await t.createStory(creator.profileId)
    const stories = () => t.inject({ url: `/v1/u/${creator.username}/stories`, token: fan.token })
    expect((await stories()).statusCode).toBe(403)

    await addVip(creator, fan.email, fan.token)
    const [vip] = await listOf(creator.token, "?status=whitelist")
    expect(vip).toMatchObject({ email: "vip@exemplo.com.br", status: "whitelist", active: true })
    expect((await stories()).statusCode).toBe(200)

    t.clock.advance(60_000)
    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/whitelist/${vip!.subscriptionId}`,
      token: creator.token,
    })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ status: "canceled", active: false })
    expect((await stories()).statusCode).toBe(403)
    const audit = await t.db
      .select()
      .from(billingAudit)
      .where(eq(billingAudit.subscriptionId, vip!.subscriptionId))
      .orderBy(billingAudit.createdAt)
    expect(audit.map((row) => [row.fromStatus, row.toStatus, row.actor])).toEqual([
      [null, "whitelist", `account:${fan.id}`],
      ["whitelist", "canceled", `account:${creator.id}`],
    ])

    // Invited and accepting again, she is back on the same subscription.
    await addVip(creator, fan.email, fan.token)
    expect(await listOf(creator.token, "?status=whitelist")).toEqual([
      expect.objectContaining({ subscriptionId: vip!.subscriptionId, active: true }),
    ])
  })

  it("refuses to remove someone who is not on the list, and changes nothing", async () => {
    const creator = await t.createCreator()
    const payer = await t.createAccount()
    const paid = await t.createSubscription({ accountId: payer.id, profileId: creator.profileId })
    const notVip = await t.inject({
      method: "DELETE",
      url: `/v1/studio/whitelist/${paid.id}`,
      token: creator.token,
    })
    expect(notVip.statusCode).toBe(409)
    expect(notVip.json()).toEqual({
      message: "Esta pessoa não está na lista VIP.",
      code: "not_whitelisted",
    })
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, paid.id))
    expect(row?.status).toBe("paid")
  })

  it("never shows the name of someone on the list, nor finds her by it", async () => {
    const creator = await t.createCreator()
    const fan = await t.createAccount({
      email: "nome.oculto@exemplo.com.br",
      fullName: "Renata Sigilo",
    })
    await addVip(creator, fan.email, fan.token)
    const listed = await listOf(creator.token)
    expect(listed.find((s) => s.email === fan.email)?.fullName).toBeNull()
    expect(JSON.stringify(listed)).not.toContain("Renata Sigilo")
    expect(await listOf(creator.token, "?q=Sigilo")).toEqual([])
  })

  it("answers 403 when removing someone from another creator's list", async () => {
    const owner = await t.createCreator()
    const other = await t.createCreator()
    const fan = await t.createAccount()
    const vip = await t.createSubscription({
      accountId: fan.id,
      profileId: owner.profileId,
      status: "whitelist",
      currentPeriodEnd: null,
    })
    const res = await t.inject({
      method: "DELETE",
      url: `/v1/studio/whitelist/${vip.id}`,
      token: other.token,
    })
    expect(res.statusCode).toBe(403)
    const missing = await t.inject({
      method: "DELETE",
      url: "/v1/studio/whitelist/00000000-0000-4000-8000-000000000000",
      token: other.token,
    })
    expect(missing.statusCode).toBe(404)
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, vip.id))
    expect(row?.status).toBe("whitelist")
  })
})
