/**
 * What may reach a log line. Access logs are kept six months and read by operators: a link's
 * code is a password, a media `sig` opens a paid file, an e-mail address is someone's personal
 * data. Everything here is linear in its input, since an attacker chooses the URLs it reads.
 */

export const hiddenValue = "[oculto]"
export const hiddenEmail = "[e-mail]"

/** Query parameters that never carry a secret nor a person: kept, so logs stay useful. */
const harmlessParams = new Set(["page", "cursor", "status", "method", "days", "plan", "exp"])
const isHarmlessParam = (name: string) => harmlessParams.has(name) || name.startsWith("utm_")

/** An address, also percent-encoded as in `/auth/check/email/ana%40exemplo.com.br`. */
const emailPattern =
  /[A-Za-z0-9._%+-]{1,64}(?:@|%40)[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/gi
/** `?name=value` or `&name=value` inside free text (an error message, a stack). */
const queryParamPattern = /([?&])([A-Za-z0-9_.[\]-]{1,100})=([^&#\s"'<>]*)/g
const jwtPattern = /eyJ[\w-]{1,500}\.eyJ[\w-]{1,4000}\.[\w-]{0,1000}/g
const bearerPattern = /\b(Bearer|Basic)\s+[^\s"',;]{1,4000}/gi

/** Keys whose value is a secret wherever they appear in a logged object. */
const secretKey =
  /password|senha|secret|token|authorization|cookie|signature|credential|^sig$|^api-?key$|^recovery-?code$/i

export function maskEmails(text: string): string {
  return text.replace(emailPattern, hiddenEmail)
}

const paramName = (raw: string) => {
  try {
    return decodeURIComponent(raw).toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/**
 * A request URL as the log keeps it: e-mail addresses in the path masked, and of the query
 * string only the names, with the values of harmless parameters (utm_*, page, cursor...).
 */
export function scrubUrl(url: string): string {
  const queryAt = url.indexOf("?")
  const pathPart = maskEmails(queryAt === -1 ? url : url.slice(0, queryAt))
  if (queryAt === -1) return pathPart
  const query = url.slice(queryAt + 1).split("#")[0]!
  const params = query
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const equalsAt = part.indexOf("=")
      if (equalsAt === -1) return hiddenValue
      const name = part.slice(0, equalsAt)
      if (isHarmlessParam(paramName(name))) return maskEmails(part)
      return `${maskEmails(name)}=${hiddenValue}`
    })
  return params.length ? `${pathPart}?${params.join("&")}` : pathPart
}

/** Free text (an error's message or stack): addresses, tokens and query values hidden. */
export function scrubText(text: string): string {
  return maskEmails(
    text
      .replace(jwtPattern, hiddenValue)
      .replace(bearerPattern, (_match, scheme: string) => `${scheme} ${hiddenValue}`)
      .replace(queryParamPattern, (match, lead: string, name: string) =>
        isHarmlessParam(paramName(name)) ? match : `${lead}${name}=${hiddenValue}`,
      ),
  )
}

/**
 * A logged value with every string scrubbed and every secret-named key hidden, e.g. an error
 * whose library copied the request's headers or the recipients onto it.
 */
export function scrubValue(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === "string") return scrubText(value)
  if (value === null || typeof value !== "object") return value
  if (seen.has(value) || depth > 8) return hiddenValue
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, seen, depth + 1))
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`
  const scrubbed: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    scrubbed[key] = secretKey.test(key) ? hiddenValue : scrubValue(item, seen, depth + 1)
  return scrubbed
}

/** `ana.souza@exemplo.com.br` as `a***@e***.com.br`: whom a mail went to, without who it is. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@")
  if (at < 1) return hiddenEmail
  const domain = address.slice(at + 1)
  const dot = domain.indexOf(".")
  const domainMasked = dot > 0 ? `${domain[0]}***${domain.slice(dot)}` : "***"
  return `${address[0]}***@${domainMasked}`
}
