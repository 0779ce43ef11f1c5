import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto"

export interface ScryptParams {
  N: number
  r: number
  p: number
  maxmem: number
}

/** OWASP's scrypt baseline; tests pass cheaper parameters through the app config. */
export const productionScrypt: ScryptParams = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }

const keyLength = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$")
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$")
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false
  const N = Number(n)
  const expected = Buffer.from(hash, "base64url")
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: Math.max(productionScrypt.maxmem, 256 * N * Number(r)),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

const costOf = (params: Pick<ScryptParams, "N" | "r" | "p">) =>
  `${params.N}$${params.r}$${params.p}`

/** A well-formed hash that no password matches: checking against it costs what `params` cost. */
const unmatchableHash = (params: ScryptParams) =>
  [
    "scrypt",
    params.N,
    params.r,
    params.p,
    randomBytes(16).toString("base64url"),
    randomBytes(keyLength).toString("base64url"),
  ].join("$")

/**
 * Checks a password against an account's hash, or against nothing when there is no account, at
 * one cost for everyone: each cost we hash with (the configured one, and the light one of
 * generated passwords) that the stored hash does not use is paid on a hash that matches nothing.
 * So an unknown login, a generated password and a chosen one take equally long to refuse.
 */
export async function verifyPasswordAtEqualCost(
  password: string,
  stored: string | null,
  configured: ScryptParams,
): Promise<boolean> {
  const costs = new Map([configured, generatedPasswordScrypt].map((p) => [costOf(p), p]))
  const [scheme, n, r, p] = stored?.split("$") ?? []
  if (scheme === "scrypt") costs.delete(`${n}$${r}$${p}`)
  const [matches] = await Promise.all([
    stored ? verifyPassword(password, stored) : Promise.resolve(false),
    ...[...costs.values()].map((params) => verifyPassword(password, unmatchableHash(params))),
  ])
  return matches
}

/** Temporary password for a buyer who has not chosen one yet. */
export function generateTemporaryPassword(): string {
  return randomBytes(9).toString("base64url")
}

/**
 * A password we generate carries 72 random bits, with no dictionary to slow down: a light scrypt
 * keeps it as safe, and a burst of guest checkouts no longer queues on the production cost
 * (seconds of CPU each on a small machine).
 */
export const generatedPasswordScrypt: ScryptParams = {
  N: 2 ** 12,
  r: 8,
  p: 1,
  maxmem: 32 * 1024 * 1024,
}
