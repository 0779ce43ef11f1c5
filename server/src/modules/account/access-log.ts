import type { Executor } from "../../db/client.ts"
import { accessLogs } from "../../db/schema.ts"

export type AccessEvent = "signup" | "login" | "password_change" | "password_recovery" | "close"

/** One line of the access log (Marco Civil art. 15): who, from which address, when. */
export async function recordAccess(
  db: Executor,
  entry: { accountId: string; event: AccessEvent; ip: string; at: Date },
) {
  await db.insert(accessLogs).values({
    accountId: entry.accountId,
    event: entry.event,
    ip: entry.ip,
    createdAt: entry.at,
  })
}
