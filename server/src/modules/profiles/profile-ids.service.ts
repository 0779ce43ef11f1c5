import type { Database } from "../../db/client.ts"
import type { ProfileIds } from "../../deps.ts"
import { findProfileIdByUsername } from "./profiles.repository.ts"

/** Which creator a username names, for the modules that record who a page or sign-up was for. */
export function createProfileIds(db: Database): ProfileIds {
  return { byUsername: (username) => findProfileIdByUsername(db, username) }
}
