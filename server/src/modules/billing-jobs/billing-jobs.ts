import type { Job } from "../../jobs/job-runner.ts"
import type { Idempotency } from "../checkout/idempotency.ts"

const minute = 60_000

/** The work of the background jobs; each step is safe to run again and on any replica. */
export interface BillingJobsWork {
  reconcile(): Promise<unknown>
  expirePayments(): Promise<number>
  endPeriods(): Promise<number>
  remindRenewals(): Promise<number>
}

/** The payment jobs and how often each may run across the whole deployment. */
export function billingJobs(work: BillingJobsWork, idempotency: Idempotency): Job[] {
  return [
    { name: "billing.reconcile", intervalMs: 2 * minute, run: () => work.reconcile() },
    { name: "billing.expire-payments", intervalMs: 10 * minute, run: () => work.expirePayments() },
    { name: "billing.end-periods", intervalMs: 10 * minute, run: () => work.endPeriods() },
    {
      name: "billing.renewal-reminders",
      intervalMs: 60 * minute,
      run: () => work.remindRenewals(),
    },
    { name: "billing.idempotency-sweep", intervalMs: 60 * minute, run: () => idempotency.sweep() },
  ]
}
