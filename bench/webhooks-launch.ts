import { randomUUID } from "node:crypto"
import { and, eq } from "drizzle-orm"
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core"
import { PIX_CODE_TTL_MS } from "../src/domain/constants.ts"
import { totalCents } from "../src/domain/plans.ts"
import { sandboxPixCode, simulatorId } from "../server/src/adapters/gateways/sandbox/sandbox-pix.ts"
import type { IuguInvoice } from "../server/src/adapters/gateways/iugu/iugu-types.ts"
import type { Database, Executor } from "../server/src/db/client.ts"
import { accounts, plans, profiles } from "../server/src/db/schema.ts"
import {
  billingAudit,
  payments,
  sandboxObjects,
  subscriptions,
} from "../server/src/db/schema-billing.ts"

/** The launch's buyers: e-mails the checker finds them by, apart from the demo's people. */
const launchEmail = (n: number) => `lancamento${n}@bench.closer.com.br`
export const launchEmailPattern = "lancamento%@bench.closer.com.br"

const BATCH = 500

/** `rows` of `table`, 500 to a statement (PostgreSQL takes at most 65,535 parameters in one). */
async function insertInBatches<T extends PgTable>(
  db: Executor,
  table: T,
  rows: PgInsertValue<T>[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db.insert(table).values(rows.slice(i, i + BATCH))
}

/**
 * `count` new buyers of @demo's monthly plan by iugu Pix, each row as the Pix checkout writes
 * it (account, pending subscription, pending payment linked to its iugu invoice, the
 * "pagamento criado" audit row), and each invoice already paid at the simulated iugu, as when
 * the buyers scan their QR codes. Written directly: 5,000 checkouts would take minutes.
 * Returns the iugu invoice ids, the ids the notifications name.
 */
export async function prepareLaunch(db: Database, count: number, origin: string) {
  const [demo] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, "demo"))
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.profileId, demo!.id), eq(plans.name, "MONTHLY"), eq(plans.active, true)))
  const amountCents = totalCents(plan!)
  const now = new Date()
  const rows = Array.from({ length: count }, (_, i) => ({
    accountId: randomUUID(),
    subscriptionId: randomUUID(),
    paymentId: randomUUID(),
    invoiceId: simulatorId(),
    email: launchEmail(i + 1),
  }))
  const qr = (id: string) => `${origin}/v1/sandbox/qrcode/iugu/${id}.png`
  await db.transaction(async (tx) => {
    await insertInBatches(
      tx,
      accounts,
      rows.map((r) => ({
        id: r.accountId,
        email: r.email,
        fullName: "",
        role: "follower" as const,
        // A buyer who never chose a password cannot sign in with one.
        passwordHash: "sem-senha",
        signupFromProfileId: demo!.id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    await insertInBatches(
      tx,
      subscriptions,
      rows.map((r) => ({
        id: r.subscriptionId,
        accountId: r.accountId,
        profileId: demo!.id,
        status: "pending" as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    await insertInBatches(
      tx,
      payments,
      rows.map((r) => ({
        id: r.paymentId,
        subscriptionId: r.subscriptionId,
        status: "pending" as const,
        method: "pix" as const,
        gateway: "iugu" as const,
        amountCents,
        pixCode: sandboxPixCode(r.invoiceId, amountCents),
        pixUrl: qr(r.invoiceId),
        expiresAt: new Date(now.getTime() + PIX_CODE_TTL_MS),
        createdAt: now,
        updatedAt: now,
        planId: plan!.id,
        planName: plan!.name,
        planValueCents: plan!.valueCents,
        providerRef: r.invoiceId,
        providerPaymentId: r.invoiceId,
        idempotencyKey: randomUUID(),
      })),
    )
    await insertInBatches(
      tx,
      billingAudit,
      rows.map((r) => ({
        subscriptionId: r.subscriptionId,
        paymentId: r.paymentId,
        entity: "payment" as const,
        fromStatus: null,
        toStatus: "pending",
        actor: `account:${r.accountId}`,
        reason: "pagamento criado",
        details: { method: "pix", gateway: "iugu", amountCents },
        createdAt: now,
      })),
    )
    await insertInBatches(
      tx,
      sandboxObjects,
      rows.map((r) => {
        const invoice: IuguInvoice = {
          id: r.invoiceId,
          status: "paid",
          email: r.email,
          due_date: now.toISOString().slice(0, 10),
          total_cents: amountCents,
          paid_cents: amountCents,
          secure_url: qr(r.invoiceId),
          payable_with: "pix",
          paid_at: now.toISOString(),
          subscription_id: null,
          customer_id: null,
          created_at_iso: now.toISOString(),
          custom_variables: [{ name: "payment_id", value: r.paymentId }],
          payer: {},
          pix: { qrcode: qr(r.invoiceId), qrcode_text: sandboxPixCode(r.invoiceId, amountCents) },
          bank_slip: null,
        }
        const data = invoice as unknown as Record<string, unknown>
        return { provider: "iugu", kind: "invoice", id: r.invoiceId, data, createdAt: now }
      }),
    )
  })
  return rows.map((r) => r.invoiceId)
}
