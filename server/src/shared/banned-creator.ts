import { ForbiddenError } from "../errors.ts"
import type { ProfileRow } from "../db/rows.ts"

export const bannedCreatorMessage = "Sua conta de criadora está suspensa. Fale com o suporte."

/**
 * A banned creator may still sign in (to read her account), but her studio is closed: nothing
 * she publishes, edits or approves may change while she is banned.
 */
export function refuseBannedCreator(profile: Pick<ProfileRow, "banned">) {
  if (profile.banned) throw new ForbiddenError(bannedCreatorMessage, "creator_banned")
}
