import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxPageSchema } from "../../../../src/domain/sandbox-outbox.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { createOutboxFolder } from "../../adapters/mail/outbox-folder.ts"
import { createOutboxMailer } from "../../adapters/mail/outbox-mailer.ts"

let dir: string
let t: TestApp
let operator: string

/** The sandbox's shape: mails go to the outbox folder, which the operators can read. */
async function sandboxApp(paymentsMode: "sandbox" | "live", folder: string) {
  return createTestApp({
    config: { paymentsMode },
    mailer: createOutboxMailer({
      dir: folder,
      from: "Closer <nao-responda@closer.test>",
      logger: pino({ level: "silent" }),
    }),
    outbox: createOutboxFolder(folder),
  })
}

const list = (query: string, token: string | undefined) =>
  t.inject({ url: `/v1/admin/mail/outbox${query}`, token })

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "closer-outbox-"))
  t = await sandboxApp("sandbox", dir)
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(async () => {
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

describe("GET /v1/admin/mail/outbox", () => {
  it("shows an operator the recovery mail a follower asked for, with its code", async () => {
    const person = await t.createAccount({ email: "esqueci@exemplo.com.br" })
    const asked = await t.inject({
      method: "POST",
      url: "/v1/auth/recover/email",
      payload: { email: person.email, token: captchaTokens.valid },
    })
    expect(asked.statusCode).toBe(200)

    // The outbox sends it in the background, a moment after the answer.
    await expect.poll(async () => (await list("", operator)).json().total).toBe(1)
    const res = await list("", operator)
    expect(res.statusCode, res.body).toBe(200)
    const page = OutboxPageSchema.parse(res.json())
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 1 })
    const [mail] = page.mails
    expect(mail).toMatchObject({
      to: "esqueci@exemplo.com.br",
      subject: "Seu código de verificação",
    })
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!
    expect(mail!.html).toContain(code)
    expect(Math.abs(Date.parse(mail!.sentAt) - Date.now())).toBeLessThan(60_000)
  })

  it("pages the folder 20 at a time, newest first, and reads mails written before HTML was kept", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "closer-outbox-"))
    const app = await sandboxApp("sandbox", folder)
    try {
      for (let i = 0; i < 21; i++) {
        const sentAt = new Date(Date.UTC(2026, 10, 1, 12, i)).toISOString()
        const twin = {
          to: `pessoa${i}@exemplo.com.br`,
          subject: `Assunto ${i}`,
          text: "oi",
          sentAt,
        }
        await writeFile(
          path.join(folder, `${sentAt.replaceAll(":", "-")}-0000000${i % 10}.json`),
          JSON.stringify(i === 0 ? { ...twin, sentAt: undefined } : { ...twin, html: "<p>oi</p>" }),
        )
      }
      const token = (await app.createAccount({ role: "admin" })).token
      const first = OutboxPageSchema.parse(
        (await app.inject({ url: "/v1/admin/mail/outbox", token })).json(),
      )
      expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 })
      expect(first.mails).toHaveLength(20)
      expect(first.mails[0]).toMatchObject({
        subject: "Assunto 20",
        sentAt: "2026-11-01T12:20:00.000Z",
        html: "<p>oi</p>",
      })
      const second = OutboxPageSchema.parse(
        (await app.inject({ url: "/v1/admin/mail/outbox?page=2", token })).json(),
      )
      expect(second.mails.map((mail) => mail.subject)).toEqual(["Assunto 0"])
      expect(second.mails[0]!.html).toBeNull()
      const past = (await app.inject({ url: "/v1/admin/mail/outbox?page=3", token })).json()
      expect(past).toMatchObject({ mails: [], page: 3, total: 21 })
    } finally {
      await app.close()
      await rm(folder, { recursive: true, force: true })
    }
  })

  it("answers a page that is not a positive number in pt-BR", async () => {
    for (const page of ["0", "-1", "1.5", "abc"]) {
      const res = await list(`?page=${page}`, operator)
      expect(res.statusCode, page).toBe(400)
      expect(res.json(), page).toMatchObject({ message: "Página inválida." })
    }
  })

  it("refuses creators, followers and signed-out callers, without a recipient in the answer", async () => {
    const creator = await t.createCreator()
    const follower = await t.createAccount()
    for (const [token, status] of [
      [creator.token, 403],
      [follower.token, 403],
      [undefined, 401],
    ] as const) {
      const res = await list("", token)
      expect(res.statusCode).toBe(status)
      expect(res.body).not.toContain("esqueci@")
    }
  })

  it("does not exist in live mode, even with mails in the folder", async () => {
    const live = await sandboxApp("live", dir)
    try {
      const token = (await live.createAccount({ role: "admin" })).token
      const res = await live.inject({ url: "/v1/admin/mail/outbox", token })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        message: "A caixa de saída só existe no modo sandbox, quando os e-mails não vão a ninguém.",
        code: "outbox_unavailable",
      })
    } finally {
      await live.close()
    }
  })
})
