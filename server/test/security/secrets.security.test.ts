import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import { createOutboxMailer } from "../../src/adapters/mail/outbox-mailer.ts"
import { EnvError, loadEnv } from "../../src/env.ts"
import { captureLogs } from "../capture-logs.ts"
import { createMemoryMailer } from "../memory-mailer.ts"
import { createTestApp } from "../test-app.ts"
import { secretsInLog } from "./leaks.ts"
import { playSecretJourney, refusingPasswordChangedMailer } from "./log-journey.ts"

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "closer-secrets-"))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe("secrets", () => {
  it("are generated strong, kept readable by the owner only, and never shorter than 32 characters", () => {
    const dir = dataDir()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(env.MEDIA_SIGNING_SECRET).not.toBe(env.JWT_SECRET)
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600)
    expect(() => loadEnv({ DATA_DIR: dataDir(), JWT_SECRET: "curto-demais" })).toThrow(EnvError)
    expect(() =>
      loadEnv({ DATA_DIR: dataDir(), PAYMENTS_MODE: "live", IUGU_WEBHOOK_TOKEN: "curto" }),
    ).toThrow(EnvError)
  })
})

describe("the log of a whole journey", () => {
  it(
    "holds none of its codes, passwords, tokens, signatures or addresses",
    { timeout: 120_000 },
    async () => {
      const logs = captureLogs()
      const mail = createMemoryMailer()
      // The sandbox's outbox writes its own log line for every mail, as `npm start` does.
      const outbox = createOutboxMailer({
        dir: dataDir(),
        from: "Closer <nao-responda@closer.app.br>",
        logger: logs.logger,
      })
      const t = await createTestApp({
        logger: logs.logger,
        mailer: refusingPasswordChangedMailer(mail, outbox),
      })
      try {
        const { secrets } = await playSecretJourney(t, mail)
        // Each password change's mail is refused by the SMTP server (two changes, one recovery):
        // the outbox logs each refusal, whose text quotes the address.
        await vi.waitFor(
          () =>
            expect(logs.lines.filter((line) => line.msg === "e-mail não enviado")).toHaveLength(3),
          { timeout: 10_000 },
        )
        const log = logs.raw.join("\n")
        expect(secretsInLog(log, secrets)).toEqual([])

        // The journey was logged: the lines that used to carry the secrets are there, scrubbed.
        const urls = logs.lines.filter((line) => line.msg === "request").map((line) => line.url)
        expect(urls).toEqual(
          expect.arrayContaining([
            "/v1/admin/leads?q=[oculto]",
            "/studio/convite?email=[oculto]&code=[oculto]",
            "/choose-password?code=[oculto]",
            "/choose-password?code=[oculto]&redirectTo=[oculto]",
            "/v1/studio/subscribers?q=[oculto]",
            "/v1/admin/subscriptions?q=[oculto]",
            expect.stringMatching(/^\/v1\/files\/.+\?exp=\d+&viewer=\[oculto\]&sig=\[oculto\]$/),
          ]),
        )
        const messages = logs.lines.map((line) => line.msg)
        expect(messages).toContain("e-mail na caixa de saída: Seu código de verificação")
        expect(messages).toContain(
          "e-mail na caixa de saída: Seu Close Friends no Closer está pronto",
        )
        expect(log).toContain("all recipients were rejected: 550 5.1.1 <[e-mail]>")
      } finally {
        await t.close()
      }
    },
  )
})
