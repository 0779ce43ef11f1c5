import { mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeSmtp, type FakeSmtp } from "../../../test/fake-smtp.ts"
import { createOutboxMailer } from "./outbox-mailer.ts"
import { createSmtpMailer } from "./smtp-mailer.ts"
import { creatorInviteMail, recoveryCodeMail } from "./templates.ts"

const from = "Closer <nao-responda@closer.app.br>"
let dir: string
let smtp: FakeSmtp

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "closer-outbox-"))
  smtp = await startFakeSmtp()
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await smtp.close()
})

describe("outbox mailer", () => {
  it("writes an .eml and a .json per mail, and a log line without the code nor the address", async () => {
    const logs: string[] = []
    const mailer = createOutboxMailer({
      dir,
      from,
      logger: { info: (object, message) => logs.push(JSON.stringify({ ...object, message })) },
    })
    await mailer.send(recoveryCodeMail("ana@exemplo.com.br", "042917", 10))
    const files = (await readdir(dir)).sort()
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/\.eml$/)
    expect(files[1]).toMatch(/\.json$/)
    const eml = await readFile(path.join(dir, files[0]!), "utf8")
    expect(eml).toContain("To: ana@exemplo.com.br")
    expect(eml).toMatch(/Subject: .+/)
    expect(eml).toContain("042917")
    const json = JSON.parse(await readFile(path.join(dir, files[1]!), "utf8"))
    expect(json).toMatchObject({ to: "ana@exemplo.com.br", subject: "Seu código de verificação" })
    expect(json.text).toContain("042917")
    // The log keeps six months and is read by others: it says a mail is in the outbox, and where.
    expect(JSON.parse(logs.at(-1)!)).toEqual({
      to: "a***@e***.com.br",
      file: path.join(dir, files[0]!),
      message: "e-mail na caixa de saída: Seu código de verificação",
    })
  })

  it("never logs an invite's link, whose code is the new creator's temporary password", async () => {
    const logs: string[] = []
    const mailer = createOutboxMailer({
      dir,
      from,
      logger: { info: (object, message) => logs.push(JSON.stringify({ ...object, message })) },
    })
    const link = "http://localhost:3000/studio/convite?email=bia%40exemplo.com.br&code=Tmp-9x7Kq2"
    await mailer.send(creatorInviteMail("bia@exemplo.com.br", link))
    expect(logs).toHaveLength(1)
    for (const secret of ["Tmp-9x7Kq2", "bia@exemplo.com.br", "bia%40exemplo", "convite?"])
      expect(logs[0]).not.toContain(secret)
  })
})

describe("SMTP mailer", () => {
  it("delivers through the SMTP server in SMTP_URL with a pt-BR text and HTML body", async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from, logger: { info: () => {} } })
    await mailer.send(recoveryCodeMail("bia@exemplo.com.br", "123456", 10))
    const mail = smtp.received.at(-1)!
    expect(mail.from).toBe("nao-responda@closer.app.br")
    expect(mail.to).toEqual(["bia@exemplo.com.br"])
    expect(mail.data).toContain("multipart/alternative")
    expect(mail.data).toContain("123456")
    expect(mail.data).toMatch(/charset=utf-8/i)
  })
})
