import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto"

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
  if (scheme === generatedScheme && n && !r) return sameDigest(password, n)
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

/** Temporary password for a buyer who has not chosen one yet: 128 random bits. */
export function generateTemporaryPassword(): string {
  return randomBytes(16).toString("base64url")
}

const generatedScheme = "sha256"
const digest = (password: string) => createHash("sha256").update(password).digest()

function sameDigest(password: string, stored: string) {
  const expected = Buffer.from(stored, "base64url")
  const key = digest(password)
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * `sha256$hash`, for a password we generate and never for one a person chooses: 128 random bits
 * leave a guesser nothing that a slow hash would slow down further (refresh tokens are kept the
 * same way), and a launch's burst of guest checkouts no longer spends a scrypt each.
 */
export function hashGeneratedPassword(password: string): string {
  return `${generatedScheme}$${digest(password).toString("base64url")}`
}

/**
 * The light scrypt that generated passwords of 72 bits were hashed with; accounts still holding
 * one sign in with it, so every login keeps paying its cost (see `verifyPasswordAtEqualCost`).
 */
export const generatedPasswordScrypt: ScryptParams = {
  N: 2 ** 12,
  r: 8,
  p: 1,
  maxmem: 32 * 1024 * 1024,
}
