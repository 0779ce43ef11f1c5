import type { Job } from "../../jobs/job-runner.ts"
import type { Idempotency } from "../checkout/idempotency.ts"
import type { MaintenanceService } from "./maintenance.service.ts"

const minute = 60_000

/** The payment jobs and how often each may run across the whole deployment. */
export function billingJobs(maintenance: MaintenanceService, idempotency: Idempotency): Job[] {
  return [
    { name: "billing.reconcile", intervalMs: 2 * minute, run: () => maintenance.reconcile() },
    {
      name: "billing.expire-payments",
      intervalMs: 10 * minute,
      run: () => maintenance.expirePayments(),
    },
    { name: "billing.end-periods", intervalMs: 10 * minute, run: () => maintenance.endPeriods() },
    {
      name: "billing.renewal-reminders",
      intervalMs: 60 * minute,
      run: () => maintenance.remindRenewals(),
    },
    { name: "billing.idempotency-sweep", intervalMs: 60 * minute, run: () => idempotency.sweep() },
  ]
}
