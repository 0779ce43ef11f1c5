import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createIuguSimulator } from "../../server/src/adapters/gateways/iugu/iugu-simulator.ts"
import type {
  IuguInvoice,
  IuguInvoiceStatus,
} from "../../server/src/adapters/gateways/iugu/iugu-types.ts"
import { createMemoryStore } from "../../server/src/adapters/gateways/sandbox/simulator-store.ts"
import { Buyer } from "./buyer.ts"
import { serveFaultyGateway, type FaultyGateway } from "./faulty-gateway.ts"
import { createDatabase } from "./replica-cluster.ts"
import { seedDemoData, startServer, type ServerProcess } from "./server-process.ts"

const iuguToken = "iugu-token-faults"
const webhookToken = "iugu-webhook-authorization-faults"
const creator = "demo"
const day = 86_400_000

const store = createMemoryStore()
const iugu = createIuguSimulator({
  store,
  now: () => new Date(),
  apiToken: iuguToken,
  accountId: "ACC",
  publicUrl: "http://iugu.local",
})

let database: Awaited<ReturnType<typeof createDatabase>>
let gateway: FaultyGateway
let server: ServerProcess
let db: pg.Client
let buyerIndex = 0
const figures = { deliveries: 0, duplicates: 0, forged: 0, late: 0, inconsistencies: 0 }

beforeAll(async () => {
  database = await createDatabase("faults")
  // A live server seeds nothing: the demo creator is written first, as `npm run seed` would.
  await seedDemoData(database.url)
  gateway = await serveFaultyGateway(iugu.handle)
  server = await startServer({
    databaseUrl: database.url,
    port: 3700,
    env: {
      PAYMENTS_MODE: "live",
      // The test reads the mails from the outbox, and plays no bot.
      ALLOW_NO_SMTP: "1",
      ALLOW_NO_CAPTCHA: "1",
      IUGU_API_URL: gateway.url,
      IUGU_API_TOKEN: iuguToken,
      IUGU_ACCOUNT_ID: "ACC",
      IUGU_WEBHOOK_TOKEN: webhookToken,
      // The test plays the gateway's retries itself, so nothing reconciles behind its back.
      JOBS: "off",
    },
  })
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
}, 180_000)

afterAll(async () => {
  console.log(
    `payments under faults: ${figures.deliveries} webhook deliveries (${figures.duplicates} duplicates, ` +
      `${figures.late} late or out of order, ${figures.forged} forged), ${server?.kills ?? 0} SIGKILLs; ` +
      `inconsistencies ${figures.inconsistencies}`,
  )
  await db?.end()
  await server?.stop()
  await gateway?.close()
  await database?.drop()
}, 60_000)

const newBuyer = async () => {
  const buyer = new Buyer(server.origin, 5_000 + buyerIndex++)
  await buyer.open()
  return buyer
}

async function invoiceOf(paymentId: string) {
  const { rows } = await db.query<{ id: string }>(
    "select provider_payment_id as id from payments where id = $1",
    [paymentId],
  )
  return rows[0]!.id
}

/** iugu's notification of an invoice, posted like iugu does: retried until it gets a 200. */
async function deliver(invoiceId: string, options: { forged?: boolean } = {}) {
  const invoice = (await iugu.getInvoice(invoiceId))!
  const hook = iugu.webhook(invoice, options.forged ? "adivinhado-adivinhado" : webhookToken)
  figures.deliveries += 1
  if (options.forged) figures.forged += 1
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(`${server.origin}/v1/webhooks/iugu`, {
        method: "POST",
        headers: hook.headers,
        body: hook.body,
      })
      if (options.forged) return res.status
      if (res.status === 200) return 200
    } catch (error) {
      if (attempt > 20) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

interface BuyerState {
  payments: Array<{ id: string; status: string; paidAudits: number }>
  subscription: {
    status: string
    start: Date | null
    end: Date | null
    refunded: Date | null
  }
  approvalMails: number
  canSee: boolean
}

async function stateOf(buyer: Buyer): Promise<BuyerState> {
  const { rows: subs } = await db.query(
    `select s.id, s.status, s.current_period_start, s.current_period_end, s.refunded_date
       from subscriptions s join accounts a on a.id = s.account_id where a.email = $1`,
    [buyer.email],
  )
  if (subs.length !== 1) throw new Error(`${buyer.email}: ${subs.length} subscriptions`)
  const { rows: payments } = await db.query(
    `select p.id, p.status,
            (select count(*)::int from billing_audit b
              where b.payment_id = p.id and b.entity = 'payment' and b.to_status = 'paid') as paid_audits
       from payments p where p.subscription_id = $1 order by p.created_at`,
    [subs[0].id],
  )
  const outbox = path.join(server.dataDir, "outbox")
  let approvalMails = 0
  try {
    for (const file of readdirSync(outbox).filter((name) => name.endsWith(".json"))) {
      const mail = JSON.parse(readFileSync(path.join(outbox, file), "utf8")) as {
        to: string
        subject: string
      }
      if (mail.to === buyer.email && mail.subject === "Pagamento aprovado") approvalMails += 1
    }
  } catch {
    // no mail sent yet
  }
  const photos = await buyer.photos(creator)
  return {
    payments: payments.map((row) => ({
      id: row.id,
      status: row.status,
      paidAudits: row.paid_audits,
    })),
    subscription: {
      status: subs[0].status,
      start: subs[0].current_period_start,
      end: subs[0].current_period_end,
      refunded: subs[0].refunded_date,
    },
    approvalMails,
    canSee: photos.status === 200,
  }
}

/** What one correct end looks like for each fate the gateway gave the payment. */
function check(
  label: string,
  state: BuyerState,
  fate: "paid" | "refunded" | "chargeback" | "canceled" | "pending",
) {
  const problems: string[] = []
  const last = state.payments.at(-1)
  const paidOnce = state.payments.every((payment) => payment.paidAudits <= 1)
  const paidPayments = state.payments.filter((payment) => payment.paidAudits > 0).length
  if (!paidOnce) problems.push("a payment was marked paid twice")
  if (state.approvalMails > 1) problems.push(`${state.approvalMails} approval e-mails`)
  const expectStatus: Record<typeof fate, string> = {
    paid: "paid",
    refunded: "refunded",
    chargeback: "chargedback",
    canceled: "canceled",
    pending: "pending",
  }
  if (last?.status !== expectStatus[fate])
    problems.push(`payment ${last?.status}, expected ${expectStatus[fate]}`)
  if (fate === "paid") {
    if (state.subscription.status !== "paid")
      problems.push(`subscription ${state.subscription.status}`)
    const months =
      state.subscription.start && state.subscription.end
        ? (state.subscription.end.getTime() - state.subscription.start.getTime()) / day
        : 0
    // One month of access, not two: a duplicate must never extend the period.
    if (months < 28 || months > 31) problems.push(`period of ${months.toFixed(1)} days`)
    if (!state.canSee) problems.push("paid but no access")
    if (paidPayments !== 1) problems.push(`${paidPayments} payments paid`)
    if (state.approvalMails !== 1) problems.push(`${state.approvalMails} approval e-mails`)
  } else {
    if (state.canSee) problems.push("access without a payment that stands")
    if ((fate === "refunded" || fate === "chargeback") && !state.subscription.refunded)
      problems.push("refund not recorded on the subscription")
    if (fate === "pending" && paidPayments > 0) problems.push("a forged notification paid")
  }
  return problems.map((problem) => `${label}: ${problem}`)
}

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

/** Runs the jobs with at most `width` at once. */
async function inParallel<T>(jobs: Array<() => Promise<T>>, width: number) {
  const results: T[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const index = next++
        results[index] = await jobs[index]!()
      }
    }),
  )
  return results
}

describe("payments under faults (one API process on PostgreSQL, iugu over HTTP)", () => {
  it("ends every payment right however its notifications come: duplicated, reordered, late or forged", async () => {
    const fates = ["paid", "refunded", "chargeback", "canceled", "pending"] as const
    const buyers = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const buyer = await newBuyer()
        const paymentId = await buyer.checkoutPix(creator)
        return { buyer, fate: fates[i % fates.length]!, invoice: await invoiceOf(paymentId) }
      }),
    )
    const firstStatus: Record<(typeof fates)[number], IuguInvoiceStatus | null> = {
      paid: "paid",
      refunded: "paid",
      chargeback: "paid",
      canceled: "canceled",
      pending: null,
    }
    const copies = () => 1 + Math.floor(Math.random() * 4)
    const wave = (items: typeof buyers) =>
      items.flatMap(({ invoice, fate }) => {
        const n = copies()
        figures.duplicates += n - 1
        return [
          ...Array.from({ length: n }, () => () => deliver(invoice)),
          // Someone else claims it was paid: refused, whatever the invoice really is.
          ...(fate === "pending" || Math.random() < 0.3
            ? [() => deliver(invoice, { forged: true })]
            : []),
        ]
      })

    // The gateway moves first; its notifications arrive in any order, several times, some forged.
    for (const { invoice, fate } of buyers) {
      const status = firstStatus[fate]
      if (status) await iugu.setInvoiceStatus(invoice, status)
    }
    const forgedAnswers = await inParallel(shuffle(wave(buyers)), 8)
    // Then money goes back for some; the late "paid" notifications still arrive after the refund.
    const reversed = buyers.filter(({ fate }) => fate === "refunded" || fate === "chargeback")
    for (const { invoice, fate } of reversed)
      await iugu.setInvoiceStatus(invoice, fate === "refunded" ? "refunded" : "chargeback")
    figures.late += reversed.length
    await inParallel(shuffle([...wave(reversed), ...wave(reversed)]), 8)

    expect(forgedAnswers.filter((status) => status !== 200).every((status) => status === 401)).toBe(
      true,
    )
    const problems: string[] = []
    for (const { buyer, fate } of buyers)
      problems.push(...check(buyer.email, await stateOf(buyer), fate))
    figures.inconsistencies += problems.length
    expect(problems).toEqual([])
  }, 300_000)

  it("charges once when the provider answers 500, drops the connection, loses its answer, stalls or is slow", async () => {
    const invoicesCreated = () =>
      gateway.log.filter((call) => call.method === "POST" && call.path === "/v1/invoices").length
    const faults = [
      { kind: "error500" as const, times: 2 },
      { kind: "drop" as const, times: 1 },
      { kind: "lose-answer" as const, times: 1 },
      { kind: "slow" as const, ms: 3_000, times: 1 },
      { kind: "stall" as const, times: 1 },
    ]
    const problems: string[] = []
    for (const { times, ...fault } of faults) {
      const buyer = await newBuyer()
      gateway.inject("POST", /^\/v1\/invoices$/, fault, times)
      const before = invoicesCreated()
      // The buyer's phone retries with the same Idempotency-Key until it gets an answer; a
      // stalled call lasts until the API gives up on it (its gateway timeout).
      const paymentId = await buyer.checkoutPix(creator)
      gateway.releaseStalled()
      gateway.clear()
      const invoice = await invoiceOf(paymentId)
      await iugu.setInvoiceStatus(invoice, "paid")
      await deliver(invoice)
      await deliver(invoice)
      const state = await stateOf(buyer)
      problems.push(...check(`${fault.kind}: ${buyer.email}`, state, "paid"))
      // Every attempt before the good one is failed or cancelled, never left open or paid.
      for (const payment of state.payments.slice(0, -1))
        if (!["failed", "canceled"].includes(payment.status))
          problems.push(`${fault.kind}: an earlier attempt is ${payment.status}`)
      // Invoices the gateway made for this buyer, lost answers included: only one was paid.
      const paid = await paidInvoicesOf(buyer.email)
      if (paid !== 1) problems.push(`${fault.kind}: ${paid} invoices paid at the gateway`)
      expect(invoicesCreated() - before).toBeGreaterThanOrEqual(1)
    }
    figures.inconsistencies += problems.length
    expect(problems).toEqual([])
  }, 300_000)

  it("loses and doubles nothing when the process is SIGKILLed between receiving a notification and committing it", async () => {
    // Test-only hooks in this database: a paid audit row, or the log of a delivery processed (written
    // once, after the payment's commit), waits while the test holds an advisory lock, so the kill
    // lands inside that exact window.
    await db.query(`
      create or replace function fault_hold() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(tg_argv[0]::bigint); return new; end $$;
      create trigger fault_hold_paid before insert on billing_audit for each row
        when (new.entity = 'payment' and new.to_status = 'paid') execute function fault_hold('1001');
      create trigger fault_hold_done before insert on webhook_deliveries for each row
        when (new.processed_at is not null) execute function fault_hold('1002');
    `)
    const phases = [
      { name: "while re-fetching the invoice", lock: null, afterCrash: "pending" },
      { name: "inside the payment's transaction", lock: 1001, afterCrash: "pending" },
      { name: "after commit, before answering", lock: 1002, afterCrash: "paid" },
    ] as const
    const problems: string[] = []
    try {
      for (const phase of phases) {
        for (let round = 0; round < 2; round++) {
          const buyer = await newBuyer()
          const paymentId = await buyer.checkoutPix(creator)
          const invoice = await invoiceOf(paymentId)
          await iugu.setInvoiceStatus(invoice, "paid")
          const hold = new pg.Client({ connectionString: database.url })
          await hold.connect()
          if (phase.lock) await hold.query("select pg_advisory_lock($1)", [phase.lock])
          else gateway.inject("GET", /^\/v1\/invoices\/[^/]+$/, { kind: "stall" })

          const hook = iugu.webhook((await iugu.getInvoice(invoice))!, webhookToken)
          figures.deliveries += 1
          const inFlight = fetch(`${server.origin}/v1/webhooks/iugu`, {
            method: "POST",
            headers: hook.headers,
            body: hook.body,
          }).catch(() => null)
          if (phase.lock) await waitFor(() => blockedOnLock(hold), `${phase.name}: blocked`)
          else await gateway.waitForStall()
          await server.kill()
          expect(await inFlight).toBeNull()
          gateway.releaseStalled()
          gateway.clear()
          if (phase.lock) await hold.query("select pg_advisory_unlock($1)", [phase.lock])
          await hold.end()
          // The dead process's sessions end (an open transaction rolls back) before we look.
          await waitFor(async () => (await otherSessions()) === 0, "sessions of the killed process")
          const { rows } = await db.query("select status from payments where id = $1", [paymentId])
          if (rows[0].status !== phase.afterCrash)
            problems.push(
              `${phase.name}: ${rows[0].status} right after the crash, expected ${phase.afterCrash}`,
            )

          await server.restart()
          // iugu keeps posting until it gets a 200.
          await deliver(invoice)
          await deliver(invoice)
          problems.push(...check(`${phase.name}: ${buyer.email}`, await stateOf(buyer), "paid"))
        }
      }
    } finally {
      await db.query(`
        drop trigger if exists fault_hold_paid on billing_audit;
        drop trigger if exists fault_hold_done on webhook_deliveries;
      `)
    }
    figures.inconsistencies += problems.length
    expect(problems).toEqual([])
  }, 600_000)

  it("finishes a checkout whose process was SIGKILLed while the provider was creating the Pix", async () => {
    const buyer = await newBuyer()
    gateway.inject("POST", /^\/v1\/invoices$/, { kind: "stall" })
    // The phone keeps retrying the same request while the server is down and after it is back.
    const checkout = buyer.checkoutPix(creator)
    await gateway.waitForStall()
    await server.kill()
    gateway.releaseStalled()
    gateway.clear()
    await server.restart()
    const paymentId = await checkout
    const invoice = await invoiceOf(paymentId)
    await iugu.setInvoiceStatus(invoice, "paid")
    await deliver(invoice)
    const state = await stateOf(buyer)
    const problems = check(`checkout killed: ${buyer.email}`, state, "paid")
    for (const payment of state.payments.slice(0, -1))
      if (!["failed", "canceled"].includes(payment.status))
        problems.push(`checkout killed: an abandoned attempt is ${payment.status}`)
    const paid = await paidInvoicesOf(buyer.email)
    if (paid !== 1) problems.push(`checkout killed: ${paid} invoices paid at the gateway`)
    figures.inconsistencies += problems.length
    expect(problems).toEqual([])
  }, 300_000)
})

/** Invoices paid at the gateway for this e-mail, whether or not our side knows them. */
async function paidInvoicesOf(email: string) {
  const invoices = await store.list<IuguInvoice>("invoice")
  return invoices.filter((invoice) => invoice.email === email && invoice.status === "paid").length
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A server session waits for the advisory lock the test holds. */
async function blockedOnLock(hold: pg.Client) {
  const { rows } = await hold.query<{ n: number }>(
    "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
  )
  return rows[0]!.n > 0
}

/** Sessions on the test database other than the test's own. */
async function otherSessions() {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  )
  return rows[0]!.n
}
