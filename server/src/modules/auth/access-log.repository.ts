import type { Executor } from "../../db/client.ts"
import { accessLogs } from "../../db/schema.ts"
import type { AccessEntry } from "../../deps.ts"

/** One line of the access log (Marco Civil art. 15): who, from which address, when. */
export async function recordAccess(db: Executor, entry: AccessEntry) {
  await db.insert(accessLogs).values({
    accountId: entry.accountId,
    event: entry.event,
    ip: entry.ip,
    createdAt: entry.at,
  })
}
