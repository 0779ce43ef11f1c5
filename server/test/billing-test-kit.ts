import { eq } from "drizzle-orm"
import { expect } from "vitest"
import {
  CheckoutResponseSchema,
  SubscriptionSchema,
  type Subscription,
} from "../../src/domain/models.ts"
import { billingAudit, payments } from "../src/db/schema-billing.ts"
import type { TestApp } from "./test-app.ts"
export { captureLogs } from "./capture-logs.ts"

/** POST a checkout and parse the answer with the wire schema. */
export async function checkout(
  t: TestApp,
  url: string,
  payload: Record<string, unknown>,
  options: { token?: string; key?: string } = {},
) {
  const res = await t.inject({
    method: "POST",
    url,
    payload,
    token: options.token,
    headers: options.key ? { "idempotency-key": options.key } : {},
  })
  expect(res.statusCode, res.body).toBe(200)
  return CheckoutResponseSchema.parse(res.json())
}

export async function subscriptionOf(t: TestApp, username: string, token: string) {
  const res = await t.inject({ url: `/v1/${username}/subscription`, token })
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionSchema.nullable().parse(res.json())
}

export async function settleInSandbox(
  t: TestApp,
  subscription: Subscription,
  token: string,
  action: "pay" | "refuse" = "pay",
) {
  const res = await t.inject({
    method: "POST",
    url: `/v1/sandbox/payments/${subscription.payment!.id}/${action}`,
    token,
  })
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionSchema.parse(res.json())
}

export const paymentsOf = (t: TestApp, subscriptionId: string) =>
  t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId))

export const auditOf = (t: TestApp, subscriptionId: string) =>
  t.db
    .select()
    .from(billingAudit)
    .where(eq(billingAudit.subscriptionId, subscriptionId))
    .orderBy(billingAudit.createdAt)

/** The billing jobs' work, run at once rather than on the job runner's schedule. */
export const billing = (t: TestApp) => t.app.billingJobs

/** What a boleto's payer sends: name, CPF and address, as the banks require. */
export const boletoPayer = {
  accountName: "Ana Maria Souza",
  accountDocument: "111.444.777-35",
  address: {
    zipCode: "01310-100",
    street: "Avenida Paulista",
    number: "1578",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "sp",
  },
}

export const minute = 60_000
export const day = 24 * 60 * minute

/** A multipart/form-data body: text fields first, then the file (as browsers send them). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { content: Buffer; filename: string; type: string },
) {
  const boundary = "----closer-receipt-boundary"
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  }
}

/** A PNG whose bytes differ per call (each receipt must be a new file). */
export function uniquePng(seed: string) {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  )
  return Buffer.concat([png, Buffer.from(seed)])
}
