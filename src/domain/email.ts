/** Spec §5 e-mail rule: a local part, a domain, and a 2 to 4 letter ending. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/**
 * The e-mail as the forms keep it (trimmed, lower-cased), or null when it breaks the rule: the
 * same result as `fields.email` of validation.ts, for screens that load no schema library.
 */
export function normaliseEmail(value: string): string | null {
  const email = value.trim().toLowerCase()
  return EMAIL_PATTERN.test(email) ? email : null
}

/**
 * Spec §5 confirmEmail: the confirmation names the same address as the e-mail, compared as the
 * forms keep them. Either one malformed never matches.
 */
export function emailsMatch(email: string, confirmation: string): boolean {
  const typed = normaliseEmail(email)
  return typed !== null && typed === normaliseEmail(confirmation)
}
