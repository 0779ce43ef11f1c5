import type { Database } from "../../db/client.ts"
import type { AccessLog } from "../../deps.ts"
import { recordAccess } from "./access-log.repository.ts"

/** The access log as other modules write it (the account module records a closing). */
export function createAccessLog(db: Database): AccessLog {
  return { record: (entry) => recordAccess(db, entry) }
}
