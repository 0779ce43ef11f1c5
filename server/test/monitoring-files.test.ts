import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import pg from "pg"
import pino from "pino"
import { Registry } from "prom-client"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { systemClock } from "../src/clock.ts"
import type { Database } from "../src/db/client.ts"
import { registerDatabaseGauges } from "../src/modules/health/metrics.ts"
import { createMailOutboxRepository } from "../src/modules/mail/mail-outbox.repository.ts"
import { createMailOutbox } from "../src/modules/mail/mail-outbox.service.ts"
import { registerOutboxGauges } from "../src/modules/mail/mail.plugin.ts"
import { createMetrics } from "../src/plugins/metrics.ts"

const deployFile = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../deploy/${name}`, import.meta.url)), "utf8")

/** Every series the server can expose: its own, Node's, the database's with a pool, the outbox's. */
async function exposedNames() {
  const { registry } = createMetrics()
  const withPool = new Registry()
  // A pool that never connects: only its counts are read, and only names are listed here.
  const pool = new pg.Pool({ host: "127.0.0.1", port: 9 })
  const db = { $client: pool } as unknown as Database
  registerDatabaseGauges(withPool, db, systemClock)
  await pool.end()
  const outbox = createMailOutbox({
    repo: createMailOutboxRepository(db),
    transport: { send: async () => {} },
    clock: systemClock,
    log: pino({ level: "silent" }),
  })
  registerOutboxGauges(withPool, outbox, systemClock)
  const names = new Set<string>()
  for (const metric of [...registry.getMetricsAsArray(), ...withPool.getMetricsAsArray()]) {
    names.add(metric.name)
    if (String(metric.type) === "histogram")
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix)
  }
  return names
}

/** The metric names a PromQL expression reads (ours and Node's: they all have a known prefix). */
const namesIn = (expr: string) =>
  [...expr.matchAll(/\b(?:closer|nodejs|process)_[a-z0-9_]+/g)].map((m) => m[0])

describe("the monitoring files in deploy/", () => {
  it("alert only on metrics the server exposes, each rule with a summary", async () => {
    const names = await exposedNames()
    const file = parse(deployFile("prometheus/alerts.yml")) as {
      groups: { rules: { alert: string; expr: string; annotations: { summary: string } }[] }[]
    }
    const rules = file.groups.flatMap((group) => group.rules)
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "PixStuckPending",
        "WebhookDeliveriesFailing",
        "JobNotRunning",
        "ServerErrors",
        "MailWaiting",
        "SlowAnswers",
      ]),
    )
    for (const rule of rules) {
      expect(rule.annotations.summary, rule.alert).toBeTruthy()
      const read = namesIn(rule.expr)
      expect(read.length, rule.alert).toBeGreaterThan(0)
      for (const name of read) expect(names, `${rule.alert} reads ${name}`).toContain(name)
    }
  })

  it("chart only metrics the server exposes", async () => {
    const names = await exposedNames()
    const dashboard = JSON.parse(deployFile("grafana/dashboard.json")) as {
      panels: { title: string; targets: { expr: string }[] }[]
    }
    expect(dashboard.panels.length).toBeGreaterThan(5)
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets)
        for (const name of namesIn(expr)) expect(names, `${panel.title}: ${name}`).toContain(name)
  })
})
