import { PRODUCT_NAME } from "./constants.ts"

/** How long an invite's link signs the new creator in; after that the operator sends a new one. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

export const inviteExpiredMessage = `Este convite expirou. Peça à equipe do ${PRODUCT_NAME} que envie um novo.`

export const inviteExpiresAt = (sentAt: Date) => new Date(sentAt.getTime() + INVITE_LIFETIME_MS)

/**
 * An invited account starts at token version 0 and every password she sets (choosing one,
 * recovering it) bumps it: at 0 she still signs in with the invite's temporary password.
 */
export const hasChosenPassword = (account: { tokenVersion: number }) => account.tokenVersion > 0
