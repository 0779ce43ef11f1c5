import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import pino from "pino"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../../test/fake-smtp.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { createSmtpMailer } from "../../adapters/mail/smtp-mailer.ts"
import { mailOutbox } from "../../db/schema-mail.ts"
import { createMailOutboxRepository } from "./mail-outbox.repository.ts"
import { createMailOutbox, maxMailAttempts, retryDelayMs } from "./mail-outbox.service.ts"

const log = pino({ level: "silent" })
let t: TestApp
let smtp: FakeSmtp | null
let port: number
let received: ReceivedMail[]

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(async () => {
  await smtp?.close()
  smtp = null
  await t.db.delete(mailOutbox)
})

async function smtpUp() {
  smtp = await startFakeSmtp({ port, received })
}
async function smtpDown() {
  await smtp?.close()
  smtp = null
}
/** One replica's outbox, sending through real SMTP to the fake server. */
async function replica(
  options: { retryMs?: number; repo?: ReturnType<typeof createMailOutboxRepository> } = {},
) {
  if (!smtp) {
    received = []
    smtp = await startFakeSmtp({ received })
    port = Number(new URL(smtp.url).port)
  }
  return createMailOutbox({
    repo: createMailOutboxRepository(t.db),
    ...options,
    transport: createSmtpMailer({
      url: smtp.url,
      from: "Closer <nao-responda@closer.test>",
      logger: log,
    }),
    clock: t.clock,
    log,
  })
}
const mail = (n: number) => ({
  to: `pessoa${n}@exemplo.com.br`,
  subject: `Aviso ${n}`,
  text: `Seu código é 12345${n}`,
  html: `<p>Seu código é 12345${n}</p>`,
})
const rows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.subject)
const recipients = () => received.map((m) => m.to[0]).sort()

describe("the mail outbox", () => {
  it("sends a mail at once, and keeps no body once it is sent", async () => {
    const outbox = await replica()
    await outbox.mailer.send(mail(1))
    expect(recipients()).toEqual(["pessoa1@exemplo.com.br"])
    expect(received[0]!.data).toContain("Aviso 1")
    const [row] = await rows()
    expect(row).toMatchObject({ status: "sent", attempts: 0, text: null, html: null })
  })

  it("writes mails sent together with one insert, and sends each", async () => {
    const repo = createMailOutboxRepository(t.db)
    const inserts: number[] = []
    const outbox = await replica({
      repo: {
        ...repo,
        insertClaimed: (claimed) => {
          inserts.push(claimed.length)
          return repo.insertClaimed(claimed)
        },
      },
    })
    await Promise.all([1, 2, 3].map((n) => outbox.mailer.send(mail(n))))
    expect(inserts).toEqual([3])
    expect(recipients()).toEqual([
      "pessoa1@exemplo.com.br",
      "pessoa2@exemplo.com.br",
      "pessoa3@exemplo.com.br",
    ])
    expect((await rows()).map((row) => row.status)).toEqual(["sent", "sent", "sent"])
  })

  it("keeps mail through an SMTP outage and sends each once when it returns", async () => {
    const outbox = await replica()
    await smtpDown()
    for (const n of [1, 2, 3]) await outbox.mailer.send(mail(n))
    expect(received).toHaveLength(0)
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
      ["pending", 1],
    ])
    // Not due yet: nothing is tried before its backoff.
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 0, dead: 0 })

    t.clock.advance(retryDelayMs(1))
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 3, dead: 0 })
    expect((await rows()).every((row) => row.attempts === 2 && row.lastError)).toBe(true)

    await smtpUp()
    t.clock.advance(retryDelayMs(2))
    expect(await outbox.drain()).toEqual({ sent: 3, retry: 0, dead: 0 })
    t.clock.advance(60 * 60_000)
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 0, dead: 0 })
    expect(recipients()).toEqual([
      "pessoa1@exemplo.com.br",
      "pessoa2@exemplo.com.br",
      "pessoa3@exemplo.com.br",
    ])
  })

  it("sends each mail once when two replicas drain at the same moment", async () => {
    const first = await replica()
    const second = await replica()
    await smtpDown()
    for (let n = 0; n < 12; n++) await first.mailer.send(mail(n))
    await smtpUp()
    t.clock.advance(retryDelayMs(1))
    const [a, b] = await Promise.all([first.drain(5), second.drain(5)])
    const [c, d] = await Promise.all([first.drain(), second.drain()])
    expect(a.sent + b.sent + c.sent + d.sent).toBe(12)
    expect(received).toHaveLength(12)
    expect(new Set(recipients()).size).toBe(12)
  })

  it("takes over a mail whose sender died mid-send once its claim lapses", async () => {
    const outbox = await replica()
    const repo = createMailOutboxRepository(t.db)
    const now = t.clock.now()
    // Written and claimed, then the process is gone before it sent or failed.
    const lockedUntil = new Date(now.getTime() + 2 * 60_000)
    await repo.insertClaimed([{ id: randomUUID(), mail: mail(7), now, lockedUntil }])
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 0, dead: 0 })
    t.clock.advance(2 * 60_000)
    expect(await outbox.drain()).toEqual({ sent: 1, retry: 0, dead: 0 })
    expect(recipients()).toEqual(["pessoa7@exemplo.com.br"])
  })

  it("gives a mail up after its last try, and an operator's resend sends it", async () => {
    const outbox = await replica()
    await smtpDown()
    await outbox.mailer.send(mail(9))
    for (let attempt = 1; attempt < maxMailAttempts; attempt++) {
      t.clock.advance(retryDelayMs(attempt))
      await outbox.drain()
    }
    const [dead] = await rows()
    expect(dead).toMatchObject({
      status: "dead",
      attempts: maxMailAttempts,
      failedAt: t.clock.now(),
    })
    expect(dead!.text).toContain("123459")
    expect(await outbox.listDead()).toEqual([
      expect.objectContaining({ id: dead!.id, to: "pessoa9@exemplo.com.br", subject: "Aviso 9" }),
    ])
    t.clock.advance(24 * 60 * 60_000)
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 0, dead: 0 })

    await smtpUp()
    expect(await outbox.resend(dead!.id)).toBe("resent")
    // Tried at once, not at the next drain, which finds nothing left to do.
    await expect.poll(async () => (await rows())[0]?.status).toBe("sent")
    expect(await outbox.drain()).toEqual({ sent: 0, retry: 0, dead: 0 })
    expect(recipients()).toEqual(["pessoa9@exemplo.com.br"])
    expect(await outbox.resend(dead!.id)).toBe("not-dead")
    expect(await outbox.resend(randomUUID())).toBe("missing")
  })

  it("retries a refused mail after the deployment's own first wait", async () => {
    const outbox = await replica({ retryMs: 2_000 })
    await smtpDown()
    await outbox.mailer.send(mail(4))
    const [row] = await rows()
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(2_000)
    await smtpUp()
    t.clock.advance(2_000)
    expect(await outbox.drain()).toEqual({ sent: 1, retry: 0, dead: 0 })
  })

  it("is what the app's modules send through", async () => {
    const account = await t.createAccount({ email: "recupera@exemplo.com.br" })
    const res = await t.inject({
      method: "POST",
      url: "/v1/auth/recover/email",
      payload: { email: account.email, token: captchaTokens.valid },
    })
    expect(res.statusCode, res.body).toBe(200)
    await expect.poll(() => t.mailer.lastTo(account.email)).toBeTruthy()
    await expect
      .poll(async () =>
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email))).map(
          (row) => [row.status, row.text],
        ),
      )
      .toEqual([["sent", null]])
  })
})
