import type { FastifyPluginAsync } from "fastify"
import type { ModuleDeps } from "./deps.ts"
import { createJobRunner } from "./jobs/job-runner.ts"
import { createBuyerAccounts } from "./modules/auth/buyer-accounts.service.ts"
import { billingJobs } from "./modules/billing-jobs/billing-jobs.ts"
import { createBillingJobsRepository } from "./modules/billing-jobs/billing-jobs.repository.ts"
import { createPaymentExpiry } from "./modules/billing-jobs/payment-expiry.service.ts"
import { createPeriodEnd } from "./modules/billing-jobs/period-end.service.ts"
import { createReconciliation } from "./modules/billing-jobs/reconciliation.service.ts"
import { createRenewalReminders } from "./modules/billing-jobs/renewal-reminders.service.ts"
import { createSettleByReference } from "./modules/billing-jobs/settle-by-reference.ts"
import { checkoutRoutes } from "./modules/checkout/checkout.routes.ts"
import { couponsRoutes } from "./modules/coupons/coupons.routes.ts"
import { createCouponsService } from "./modules/coupons/coupons.service.ts"
import { createCheckoutService } from "./modules/checkout/checkout.service.ts"
import { createGatewayCharge } from "./modules/checkout/gateway-charge.ts"
import { createGuestCheckout } from "./modules/checkout/guest-checkout.service.ts"
import { createIdempotency } from "./modules/checkout/idempotency.ts"
import { createIdempotencyRepository } from "./modules/checkout/idempotency.repository.ts"
import { createPaymentReservation } from "./modules/checkout/payment-reservation.ts"
import { createPaymentStart } from "./modules/checkout/payment-start.service.ts"
import { createTrialStart } from "./modules/checkout/trial-start.service.ts"
import { createPurchasesService } from "./modules/checkout/purchases.service.ts"
import type { CreatorDirectory } from "./modules/payments/billing-ports.ts"
import { privateLinksFor } from "./shared/content-view.ts"
import { createBillingStore } from "./modules/payments/billing.repository.ts"
import { createGatewayRecurrences } from "./modules/payments/gateway-recurrences.ts"
import { createPaymentLedger } from "./modules/payments/payment-ledger.ts"
import { createPaymentNotifications } from "./modules/payments/payment-notifications.ts"
import { paymentsRoutes } from "./modules/payments/payments.routes.ts"
import { createPaymentsService } from "./modules/payments/payments.service.ts"
import { createProfilesRepository } from "./modules/profiles/profiles.repository.ts"
import { normalizeUsername } from "./modules/profiles/profiles.repository.ts"
import { profileNotFoundMessage } from "./modules/profiles/profiles.service.ts"
import { receiptUploadRoutes } from "./modules/receipts/receipts.routes.ts"
import { createReceiptsRepository } from "./modules/receipts/receipts.repository.ts"
import { createReceiptsService } from "./modules/receipts/receipts.service.ts"
import { studioReceiptRoutes } from "./modules/receipts/studio-receipts.routes.ts"
import { createSandboxRenewals, type DeliverWebhook } from "./modules/sandbox/sandbox-renewals.ts"
import { sandboxRoutes } from "./modules/sandbox/sandbox.routes.ts"
import { createSandboxService } from "./modules/sandbox/sandbox.service.ts"
import { requireOwnProfile } from "./modules/studio/studio-access.ts"
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes.ts"
import { createSubscriptionsService } from "./modules/subscriptions/subscriptions.service.ts"
import { webhookRoutes } from "./modules/webhooks/webhooks.routes.ts"
import { createPaymentSettlement } from "./modules/webhooks/payment-settlement.ts"
import { createRecurrenceStatus } from "./modules/webhooks/recurrence-status.ts"
import { createWebhookDeliveriesRepository } from "./modules/webhooks/webhook-deliveries.repository.ts"
import { createWebhooksService } from "./modules/webhooks/webhooks.service.ts"
import { NotFoundError } from "./errors.ts"

/** What the billing modules read of the profiles and studio modules, handed to them here. */
function creatorDirectory(deps: Pick<ModuleDeps, "db">): CreatorDirectory {
  const profiles = createProfilesRepository(deps.db)
  const notFound = () => new NotFoundError(profileNotFoundMessage, "profile_not_found")
  return {
    async sellerByUsername(username) {
      const profile = await profiles.findByUsername(username)
      if (!profile || profile.banned) throw notFound()
      return profile
    },
    byId: (id) => profiles.findById(id),
    normalize: normalizeUsername,
    notFound,
    requireOwn: (accountId) => requireOwnProfile(deps.db, accountId),
  }
}

type BillingDeps = Omit<ModuleDeps, "subscriptions">

/**
 * The billing modules wired together, each service given what it uses: payments (ledger,
 * status changes, e-mails, gateway renewals), subscriptions, checkout, receipts, webhooks,
 * sandbox and the billing jobs. Sandbox gateways notify us through our own HTTP route
 * (`deliver`), exactly like the real ones.
 */
export function createBilling(deps: BillingDeps, deliver: DeliverWebhook) {
  const { db, gateways, clock, log, storage } = deps
  const publicUrl = deps.config.publicUrl
  const store = createBillingStore(db)
  const ledger = createPaymentLedger({ db, clock })
  const notifications = createPaymentNotifications({
    repo: store,
    mailer: deps.mailer,
    log,
    publicUrl,
  })
  const linksFor = (viewer: string) => privateLinksFor(deps, viewer)
  const payments = createPaymentsService({
    repo: store,
    ledger,
    notifications,
    storage,
    linksFor,
    log,
  })
  const recurrences = createGatewayRecurrences({ repo: store, gateways, clock, log })
  const creators = creatorDirectory(deps)
  const buyers = createBuyerAccounts({
    db,
    captcha: deps.captcha,
    limits: deps.limits,
    tokens: deps.tokens,
    clock,
  })
  const subscriptions = createSubscriptionsService({
    repo: store,
    ledger,
    gateways,
    recurrences,
    payments,
    creators,
    storage,
    linksFor,
    clock,
    log,
    unwritten: deps.unwritten,
  })
  const coupons = createCouponsService({ db, clock, creators })
  const checkout = createCheckoutService({ repo: store, creators, buyers, coupons })
  const charge = createGatewayCharge({ store, ledger, gateways, clock, log })
  const start = createPaymentStart({
    repo: store,
    reserve: createPaymentReservation({ store, ledger, clock, coupons }),
    trial: createTrialStart({ store, ledger, charge, gateways, coupons, clock, log }),
    charge,
    gateways,
    payments,
    notifications,
    recurrences,
    clock,
    log,
    publicUrl,
  })
  // One store of idempotency keys: the purchases use it, the jobs sweep it.
  const idempotency = createIdempotency({
    repo: createIdempotencyRepository(db),
    now: () => clock.now(),
  })
  const purchases = createPurchasesService({
    repo: store,
    checkout,
    guestCheckout: createGuestCheckout({ checkout, start, payments, idempotency, buyers }),
    start,
    payments,
    subscriptions,
    creators,
    idempotency,
  })
  const receipts = createReceiptsService({
    store,
    receiptsRepo: createReceiptsRepository(db),
    ledger,
    payments,
    notifications,
    creators,
    limits: deps.limits,
    storage,
    linksFor,
    clock,
  })
  const settlement = createPaymentSettlement({ repo: store, payments, recurrences, clock, log })
  const recurrenceStatus = createRecurrenceStatus({
    repo: store,
    notifications,
    gateways,
    clock,
    log,
  })
  const webhooks = createWebhooksService({
    deliveries: createWebhookDeliveriesRepository(db),
    settlement,
    recurrenceStatus,
    gateways,
    clock,
    log,
  })
  const jobsRepo = createBillingJobsRepository(db)
  const settleByReference = createSettleByReference({ gateways, settlement })
  // The work of the background jobs, one use case each; tests run it without waiting.
  const maintenance = {
    expirePayments: createPaymentExpiry({
      jobsRepo,
      repo: store,
      payments,
      settlement,
      settleByReference,
      recurrenceStatus,
      gateways,
      clock,
      log,
    }),
    reconcile: createReconciliation({
      jobsRepo,
      webhooks,
      settlement,
      settleByReference,
      recurrences,
      gateways,
      sandboxRenewals: createSandboxRenewals({ gateways, deliver }),
      clock,
      log,
    }),
    endPeriods: createPeriodEnd({ jobsRepo, store, clock }),
    remindRenewals: createRenewalReminders({
      jobsRepo,
      mailer: deps.mailer,
      clock,
      log,
      publicUrl,
    }),
  }
  const sandbox = createSandboxService({ repo: store, payments, creators, gateways, deliver, log })
  return {
    subscriptions,
    purchases,
    coupons,
    receipts,
    webhooks,
    sandbox,
    maintenance,
    jobs: billingJobs(maintenance, idempotency),
  }
}

export type Billing = ReturnType<typeof createBilling>

declare module "fastify" {
  interface FastifyInstance {
    /** The billing jobs' work, as the job runner calls it (tests run it without waiting). */
    billingJobs: Pick<Billing, "maintenance" | "jobs">
  }
}

/**
 * The billing routes under /v1, and the jobs (started only when `config.payments.jobs` is on).
 */
export const billingModules: FastifyPluginAsync<{ billing: Billing; deps: ModuleDeps }> = async (
  v1,
  { billing, deps },
) => {
  const { gateways, clock } = deps
  await v1.register(paymentsRoutes, { gateways })
  await v1.register(checkoutRoutes, {
    purchases: billing.purchases,
    sessions: deps.sessions,
    clock,
  })
  await v1.register(couponsRoutes, { coupons: billing.coupons })
  await v1.register(receiptUploadRoutes, { receipts: billing.receipts })
  await v1.register(subscriptionsRoutes, { subscriptions: billing.subscriptions, clock })
  await v1.register(webhookRoutes, {
    webhooks: billing.webhooks,
    gateways,
    metrics: deps.metrics,
    clock,
  })
  await v1.register(studioReceiptRoutes, { receipts: billing.receipts })
  if (gateways.sandbox) await v1.register(sandboxRoutes, { sandbox: billing.sandbox, gateways })

  if (deps.config.payments?.jobs) {
    const runner = createJobRunner({ db: deps.db, clock, log: deps.log, jobs: billing.jobs })
    v1.addHook("onReady", async () => runner.start())
    // Before the server closes: a job is not left waiting behind a slow upload's request.
    v1.addHook("preClose", async () => runner.stop())
  }
}
