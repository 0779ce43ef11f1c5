import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import pino from "pino"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { DeadMailResendSchema, DeadMailSchema } from "../../../../src/domain/dead-mail.ts"
import { startFakeSmtp, type FakeSmtp } from "../../../test/fake-smtp.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { createSmtpMailer } from "../../adapters/mail/smtp-mailer.ts"
import { mailOutbox } from "../../db/schema-mail.ts"
import { maxMailAttempts } from "../mail/mail-outbox.service.ts"

let t: TestApp
let smtp: FakeSmtp
let operator: string

beforeAll(async () => {
  smtp = await startFakeSmtp()
  t = await createTestApp({
    mailer: createSmtpMailer({
      url: smtp.url,
      from: "Closer <nao-responda@closer.test>",
      logger: pino({ level: "silent" }),
    }),
  })
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
beforeEach(async () => {
  await t.db.delete(mailOutbox)
  smtp.received.length = 0
})

/** A mail the outbox gave up on after its last try, its body kept for a resend. */
async function deadMail(to = "sem.codigo@exemplo.com.br") {
  const failedAt = t.clock.now()
  const [row] = await t.db
    .insert(mailOutbox)
    .values({
      to,
      subject: "Seu código de recuperação",
      text: "Seu código é 654321",
      html: "<p>Seu código é 654321</p>",
      status: "dead",
      attempts: maxMailAttempts,
      nextAttemptAt: failedAt,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
      failedAt,
      createdAt: new Date(failedAt.getTime() - 2 * 60 * 60_000),
    })
    .returning()
  return row!
}
const statusOf = async (id: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status

describe("GET /v1/admin/mail/dead and POST /v1/admin/mail/:id/resend", () => {
  it("shows an operator the dead mail without its body, and a resend delivers it once", async () => {
    const dead = await deadMail()
    const list = await t.inject({ url: "/v1/admin/mail/dead", token: operator })
    expect(list.statusCode).toBe(200)
    expect(DeadMailSchema.array().parse(list.json())).toEqual([
      {
        id: dead.id,
        to: "sem.codigo@exemplo.com.br",
        subject: "Seu código de recuperação",
        attempts: maxMailAttempts,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
        createdAt: dead.createdAt.toISOString(),
        failedAt: dead.failedAt!.toISOString(),
      },
    ])
    expect(list.body).not.toContain("654321")

    const resent = await t.inject({
      method: "POST",
      url: `/v1/admin/mail/${dead.id}/resend`,
      token: operator,
    })
    expect(resent.statusCode, resent.body).toBe(200)
    expect(DeadMailResendSchema.parse(resent.json())).toMatchObject({ id: dead.id })
    await expect.poll(() => statusOf(dead.id)).toBe("sent")
    expect(smtp.received.map((mail) => mail.to)).toEqual([["sem.codigo@exemplo.com.br"]])
    expect(smtp.received[0]!.data).toContain("654321")
    expect((await t.inject({ url: "/v1/admin/mail/dead", token: operator })).json()).toEqual([])

    // A second click (or a second operator) changes nothing and sends nothing.
    const again = await t.inject({
      method: "POST",
      url: `/v1/admin/mail/${dead.id}/resend`,
      token: operator,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      message: "Este e-mail não está mais parado: ele já foi reenviado ou enviado.",
      code: "mail_not_dead",
    })
    expect(await statusOf(dead.id)).toBe("sent")
    expect(smtp.received).toHaveLength(1)
  })

  it("leaves a mail still waiting for its retries as it is", async () => {
    const dead = await deadMail()
    await t.db
      .update(mailOutbox)
      .set({ status: "pending", attempts: 2 })
      .where(eq(mailOutbox.id, dead.id))
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/mail/${dead.id}/resend`,
      token: operator,
    })
    expect(res.statusCode).toBe(409)
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, dead.id))
    expect(row).toMatchObject({ status: "pending", attempts: 2 })
    expect(smtp.received).toHaveLength(0)
  })

  it("answers an unknown or malformed id in pt-BR, never 500", async () => {
    await deadMail()
    for (const [id, status] of [
      [randomUUID(), 404],
      ["nao-e-um-id", 404],
      ["0".repeat(61), 400],
    ] as const) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/admin/mail/${id}/resend`,
        token: operator,
      })
      expect(res.statusCode, id).toBe(status)
      if (status === 404)
        expect(res.json()).toEqual({ message: "E-mail não encontrado.", code: "mail_not_found" })
      else expect(res.json()).toMatchObject({ message: "Inválido" })
    }
    expect(smtp.received).toHaveLength(0)
  })

  it("refuses creators, followers and signed-out callers, and keeps the mail dead", async () => {
    const dead = await deadMail()
    const creator = await t.createCreator()
    const follower = await t.createAccount()
    for (const [token, status] of [
      [creator.token, 403],
      [follower.token, 403],
      [undefined, 401],
    ] as const) {
      const list = await t.inject({ url: "/v1/admin/mail/dead", token })
      expect(list.statusCode).toBe(status)
      expect(list.body).not.toContain("sem.codigo")
      const resend = await t.inject({
        method: "POST",
        url: `/v1/admin/mail/${dead.id}/resend`,
        token,
      })
      expect(resend.statusCode).toBe(status)
    }
    expect(await statusOf(dead.id)).toBe("dead")
    expect(smtp.received).toHaveLength(0)
  })
})
