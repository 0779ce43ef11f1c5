import { and, eq, sql, type SQL } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import type { Database } from "../db/client.ts"
import { accounts } from "../db/schema.ts"

/** The token's account as a query joins it, under its own name. */
export const viewerAccount = alias(accounts, "viewer")

/** The columns of `AuthAccount`, read from `viewerAccount`. */
export const viewerColumns = {
  id: viewerAccount.id,
  email: viewerAccount.email,
  role: viewerAccount.role,
  tokenVersion: viewerAccount.tokenVersion,
}

/**
 * The join condition of `viewerAccount`: the token's account at the token's version, so a
 * password change (which bumps it) revokes older tokens here too. Placeholders `viewerId` and
 * `tokenVersion`, from `viewerParams`.
 */
export const viewerMatches: SQL = and(
  eq(viewerAccount.id, sql.placeholder("viewerId")),
  eq(viewerAccount.tokenVersion, sql.placeholder("tokenVersion")),
)!

/**
 * The account behind a token, read on every signed-in request (so revocation holds on every
 * replica at once) as a prepared statement: parsed and planned once per connection.
 */
export function accountLookup(db: Database) {
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      role: accounts.role,
      tokenVersion: accounts.tokenVersion,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .prepare("auth_account_by_id")
}

export type AccountLookup = ReturnType<typeof accountLookup>
