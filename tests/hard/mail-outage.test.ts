import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../server/test/fake-smtp.ts"
import { createDatabase } from "./replica-cluster.ts"
import { startServer, type ServerProcess } from "./server-process.ts"

const ACCOUNTS = 12
// The two replicas listen here and on the next port; the mail server two above.
const basePort = Number(process.env.HARD_MAIL_PORT ?? 3701)
const smtpPort = basePort + 2
/** How often the outbox is drained, and the first retry's wait: short, so the test is too. */
const retrySeconds = 2
const recoverySubject = "Seu código de verificação"

let database: Awaited<ReturnType<typeof createDatabase>>
let replicas: ServerProcess[] = []
let smtp: FakeSmtp | null = null
const received: ReceivedMail[] = []
const xsrf = "xsrf-do-teste-de-e-mail"

beforeAll(async () => {
  database = await createDatabase("mail_outage")
  smtp = await startFakeSmtp({ port: smtpPort, received })
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_SECONDS: String(retrySeconds),
    // The outbox warns of every refused try; only errors matter here.
    LOG_LEVEL: "error",
    DEMO_DATA: "off",
  }
  // Both at once on an empty database: start-up work must serialise itself.
  replicas = await Promise.all(
    [basePort, basePort + 1].map((port) => startServer({ databaseUrl: database.url, port, env })),
  )
}, 300_000)

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()))
  await smtp?.close()
  await database?.drop()
}, 60_000)

/** A POST from its own address (the rate limits count per address), to replica `n % 2`. */
async function post(n: number, path: string, body: object) {
  const response = await fetch(`${replicas[n % 2]!.origin}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.30.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
    },
    body: JSON.stringify(body),
  })
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

const email = (n: number) => `recupera.${n}@exemplo.com.br`
/** Asks for a recovery code: its mail is stored in the outbox before the answer, sent after it. */
const recover = (n: number) =>
  post(n + ACCOUNTS, "/v1/auth/recover/email", { email: email(n), token: "teste" })

/** Only recovery codes are mailed here: every mail received, by recipient. */
const recoveryMailsTo = () => received.flatMap((mail) => mail.to).sort()

async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe("the mail server stops mid-run under two replicas", () => {
  it("delivers every mail once it returns, none twice", async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const outbox = async () =>
      (
        await client.query<{ to: string; status: string; attempts: number }>(
          'select "to", status, attempts from mail_outbox where subject = $1',
          [recoverySubject],
        )
      ).rows
    try {
      const all = Array.from({ length: ACCOUNTS }, (_, n) => n)
      // Accounts that may ask for a recovery code; how they signed up does not matter here.
      await client.query(
        "insert into accounts (email, password_hash) select unnest($1::text[]), 'sem-senha'",
        [all.map(email)],
      )

      // The first half, with the mail server up, through both replicas.
      const before = all.slice(0, ACCOUNTS / 2)
      const during = all.slice(ACCOUNTS / 2)
      await Promise.all(before.map(recover))
      await waitUntil("the first mails", () => recoveryMailsTo().length === before.length)

      // The mail server goes away; the second half is asked for while it is gone.
      await smtp!.close()
      smtp = null
      const outageStarted = Date.now()
      await Promise.all(during.map(recover))
      // Each has been refused at least twice: at once, and again by a drain on either replica.
      await waitUntil("retries during the outage", async () => {
        const waiting = (await outbox()).filter((row) => during.map(email).includes(row.to))
        return (
          waiting.length === during.length &&
          waiting.every((row) => row.status !== "sent" && row.attempts >= 2)
        )
      })
      expect(recoveryMailsTo()).toHaveLength(before.length)

      // Back on the same port: every mail arrives, and a few more drains send nothing twice.
      smtp = await startFakeSmtp({ port: smtpPort, received })
      const outageMs = Date.now() - outageStarted
      await waitUntil("every mail", () => recoveryMailsTo().length >= ACCOUNTS)
      const recoveredMs = Date.now() - outageStarted - outageMs
      await new Promise((resolve) => setTimeout(resolve, 3 * retrySeconds * 1000))

      expect(recoveryMailsTo()).toEqual(all.map(email).sort())
      const rows = await outbox()
      expect(rows.map((row) => row.status)).toEqual(all.map(() => "sent"))
      const { rows: drains } = await client.query<{ holder: string }>(
        "select distinct holder from job_runs where name = 'mail.outbox' and outcome = 'ok'",
      )
      console.log(
        `mail outage: ${ACCOUNTS} recovery mails over 2 replicas, ${during.length} asked for during ` +
          `a ${(outageMs / 1000).toFixed(1)} s outage, all delivered ${(recoveredMs / 1000).toFixed(1)} s ` +
          `after it ended; ${received.length} received in all, drains by ${drains.length} replica(s)`,
      )
    } finally {
      await client.end()
    }
  }, 180_000)
})
