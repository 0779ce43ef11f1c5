import { createIuguClient } from "../adapters/gateways/iugu/iugu-client.ts"
import { createIuguGateway } from "../adapters/gateways/iugu/iugu-gateway.ts"
import { createIuguSimulator } from "../adapters/gateways/iugu/iugu-simulator.ts"
import { fetchVia } from "../adapters/gateways/sandbox/simulator-http.ts"
import { createDatabaseStore } from "../adapters/gateways/sandbox/simulator-store.repository.ts"
import type { Database } from "./client.ts"
import { gatewayCustomers } from "./schema-billing.ts"

/** A test card of the sandbox, saved at iugu as the payment page lists it. */
export type DemoCard = { number: string; firstName: string; lastName: string }

const sandboxAccount = "sandbox"

/**
 * Saves a card for a demo follower through the sandbox's own iugu, the way a first card payment
 * saves it: a customer, a single-use token and the payment method, kept with the sandbox's other
 * objects so `GET /iugu/cards` finds them (demo data is for sandbox mode).
 */
export async function seedSavedCard(
  db: Database,
  follower: { accountId: string; email: string; fullName: string },
  card: DemoCard,
  now: Date,
) {
  const simulator = createIuguSimulator({
    store: createDatabaseStore(db, "iugu", () => now),
    now: () => now,
    apiToken: sandboxAccount,
    accountId: sandboxAccount,
    publicUrl: "http://localhost",
  })
  const client = createIuguClient({
    apiUrl: "http://iugu.sandbox",
    apiToken: sandboxAccount,
    timeoutMs: 10_000,
    fetch: fetchVia(simulator.handle),
  })
  const vault = createIuguGateway(client).cards!
  const customerId = await vault.createCustomer({
    accountId: follower.accountId,
    email: follower.email,
    name: follower.fullName,
    document: null,
  })
  const token = await client.createPaymentToken({
    account_id: sandboxAccount,
    method: "credit_card",
    test: true,
    data: {
      number: card.number,
      verification_value: "123",
      first_name: card.firstName,
      last_name: card.lastName,
      month: "12",
      year: String(now.getUTCFullYear() + 5),
    },
  })
  await vault.saveCard(customerId, token.id)
  await db
    .insert(gatewayCustomers)
    .values({ accountId: follower.accountId, gateway: "iugu", customerId, createdAt: now })
}
