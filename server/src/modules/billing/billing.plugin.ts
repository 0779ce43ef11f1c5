import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import type { Database } from "../../db/client.ts"
import type { ModuleOptions } from "../../deps.ts"
import { billingJobs } from "../../jobs/billing-jobs.ts"
import { createJobRunner, type JobRunner } from "../../jobs/job-runner.ts"
import { createBillingCore } from "./billing-core.ts"
import { billingRoutes } from "./billing.routes.ts"
import { createCheckoutService } from "./checkout.service.ts"
import { createIdempotency } from "./idempotency.ts"
import { createMaintenanceService, type DeliverWebhook } from "./maintenance.service.ts"
import { createPurchasesService } from "./purchases.service.ts"
import { createReceiptsService } from "./receipts.service.ts"
import { createSandboxService } from "./sandbox.service.ts"
import { sandboxRoutes } from "./sandbox.routes.ts"
import { createSubscriptionsService } from "./subscriptions.service.ts"
import { studioReceiptRoutes } from "./studio-receipts.routes.ts"
import { createWebhooksService } from "./webhooks.service.ts"
import { webhookRoutes } from "./webhooks.routes.ts"

function createBilling(deps: ModuleOptions["deps"], deliver: DeliverWebhook) {
  const core = createBillingCore(deps)
  const checkout = createCheckoutService(core)
  const subscriptions = createSubscriptionsService(core)
  const webhooks = createWebhooksService(core)
  const maintenance = createMaintenanceService(core, webhooks, deliver)
  const idempotency = createIdempotency(deps.db, () => deps.clock.now())
  return {
    core,
    checkout,
    subscriptions,
    purchases: createPurchasesService(core, checkout, subscriptions),
    receipts: createReceiptsService(core, checkout),
    webhooks,
    maintenance,
    idempotency,
    sandbox: createSandboxService(core, deliver),
    jobs: billingJobs(maintenance, idempotency),
  }
}

export type Billing = ReturnType<typeof createBilling>

const instances = new WeakMap<Database, Billing>()

/** The billing services of the app built on this database (tests drive jobs and simulators with it). */
export function billingOf(db: Database): Billing {
  const billing = instances.get(db)
  if (!billing) throw new Error("billing module not registered for this database")
  return billing
}

/**
 * Subscriptions and payments: buyer calls, gateway webhooks, sandbox controls, the creator's
 * receipt review, and the jobs (started only when `config.payments.jobs` is on).
 */
export const billingModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // Sandbox gateways notify us through our own HTTP route, exactly like the real ones.
  const deliver: DeliverWebhook = ({ url, headers, payload }) =>
    app.inject({ method: "POST", url, headers, payload })
  const billing = createBilling(deps, deliver)
  instances.set(deps.db, billing)

  await app.register(billingRoutes, { billing })
  await app.register(webhookRoutes, { billing })
  await app.register(studioReceiptRoutes, { billing })
  if (billing.core.gateways.sandbox) await app.register(sandboxRoutes, { billing })

  if (deps.config.payments?.jobs) {
    const runner: JobRunner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: billing.jobs,
    })
    app.addHook("onReady", async () => runner.start())
    // Before the server closes: a job is not left waiting behind a slow upload's request.
    app.addHook("preClose", async () => runner.stop())
  }
}
