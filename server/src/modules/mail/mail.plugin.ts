import type { FastifyPluginAsync } from "fastify"
import { Gauge, type Registry } from "prom-client"
import type { Clock } from "../../clock.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { defaultMailRetryMs, type MailOutbox } from "./mail-outbox.service.ts"

/** The outbox's drain job and its gauges. */
export const mailPlugin: FastifyPluginAsync<ModuleOptions & { outbox: MailOutbox }> = async (
  app,
  { deps, outbox },
) => {
  registerOutboxGauges(deps.metrics.registry, outbox, deps.clock)

  if (deps.config.payments?.jobs) {
    // As often as a failed mail's first retry is due, across the deployment.
    const drainEveryMs = deps.config.mailRetryMs ?? defaultMailRetryMs
    const runner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: [{ name: "mail.outbox", intervalMs: drainEveryMs, run: () => outbox.drain() }],
    })
    app.addHook("onReady", async () => runner.start(Math.min(drainEveryMs, 30_000)))
    app.addHook("preClose", async () => runner.stop())
  }
}

/** How much mail waits, and for how long: read from the outbox at scrape time. */
export function registerOutboxGauges(registry: Registry, outbox: MailOutbox, clock: Clock) {
  const registers = [registry]
  new Gauge({
    name: "closer_mail_outbox",
    help: "Mails not sent yet, by status: pending (waiting for a retry), sending, dead (given up).",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const rows = await outbox.waiting()
      this.reset()
      for (const status of ["pending", "sending", "dead"])
        this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0)
    },
  })
  new Gauge({
    name: "closer_mail_outbox_oldest_age_seconds",
    help: "Age of the oldest mail still waiting to be sent (pending or sending).",
    registers,
    async collect() {
      const rows = await outbox.waiting()
      const oldest = rows
        .filter((row) => row.status !== "dead" && row.oldest)
        .map((row) => new Date(row.oldest!).getTime())
      this.set(oldest.length ? (clock.now().getTime() - Math.min(...oldest)) / 1000 : 0)
    },
  })
}
