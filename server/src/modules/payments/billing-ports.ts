import type { profiles } from "../../db/schema.ts"

export type ProfileRow = typeof profiles.$inferSelect

/**
 * What the billing modules need of the profiles module, given to their factories by app.ts so
 * that billing never reads another module's tables or repository.
 */
export interface CreatorDirectory {
  /** The creator selling under this username; 404 "Perfil não encontrado" when none or banned. */
  sellerByUsername(username: string): Promise<ProfileRow>
  byId(id: string): Promise<ProfileRow | null>
  /** A username as the profiles module compares them ("@Demo" is "demo"). */
  normalize(username: string): string
  /** The 404 of a creator that is not there. */
  notFound(): Error
  /** The signed-in creator's own profile (403 for anyone else), as the studio requires. */
  requireOwn(accountId: string): Promise<ProfileRow>
}

/** A follower account created by a signed-out purchase, and signed in. */
export interface CreatedBuyer {
  buyer: { id: string; email: string; fullName: string | null }
  created: true
  version: number
  auth: { accessToken: string; password: string }
}

/** What the billing modules need of the auth module: accounts a signed-out checkout creates. */
export interface BuyerAccounts {
  /** Past the bot check and the sign-up budget: a follower with a temporary password. */
  create(
    input: { email: string; token?: string },
    signupFromProfileId: string,
    ip: string,
    newAccountId?: string,
  ): Promise<CreatedBuyer>
  /** The account an earlier attempt of the same request created: a new password is shown. */
  resume(
    earlier: { accountId: string; version: number },
    input: { email: string; token?: string },
    signupFromProfileId: string,
    ip: string,
  ): Promise<CreatedBuyer>
  /** Deletes an account this request created when its purchase failed, so a retry starts clean. */
  remove(accountId: string): Promise<void>
  /** A new access token for the account (a replayed checkout signs its buyer in again). */
  freshToken(accountId: string): Promise<string | null>
}
