import { randomBytes } from "node:crypto"
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs"
import path from "node:path"
import { z } from "zod"

const defaultStrictMinScore = 0.7

const secret = z.string().min(32, "precisa de pelo menos 32 caracteres")

const isOrigin = (value: string) => {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** Exact origins, comma-separated: scheme, host and port only, as a browser sends them. */
const origins = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(
          isOrigin,
          "cada origem como https://closer.com.br, sem caminho nem barra no fim, separadas por vírgula",
        ),
    ),
  )

/** An explicit "I know" for live mode without a service it should have: 1 yes, 0 (default) no. */
const optOut = z
  .enum(["0", "1"], { error: "use 1 para permitir ou 0" })
  .default("0")
  .transform((value) => value === "1")

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
    .optional(),
  PAYMENTS_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  /**
   * Demo creators, followers and the operator `admin@demo.com.br` (public password) on the first
   * start. Unset: on in sandbox mode, off in live mode, where it cannot be turned on.
   */
  DEMO_DATA: z.enum(["on", "off"]).optional(),
  IUGU_API_URL: z.url().optional(),
  IUGU_API_TOKEN: z.string().min(1).optional(),
  IUGU_ACCOUNT_ID: z.string().min(1).optional(),
  IUGU_WEBHOOK_TOKEN: z.string().min(16, "precisa de pelo menos 16 caracteres").optional(),
  IUGU_TEST_MODE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  MP_API_URL: z.url().optional(),
  MP_ACCESS_TOKEN: z.string().min(1).optional(),
  MP_PUBLIC_KEY: z.string().min(1).optional(),
  MP_WEBHOOK_SECRET: z.string().min(16, "precisa de pelo menos 16 caracteres").optional(),
  /** City written in static Pix codes (at most 15 characters are used). */
  PIX_CITY: z.string().min(1).optional(),
  /** Background jobs (expiry, reconciliation, reminders) in this process. */
  JOBS: z.enum(["on", "off"]).default("on"),
  /** Story videos' posters and renditions in this process; off leaves them to a worker's. */
  MEDIA_WORKER: z.enum(["on", "off"]).default("on"),
  PUBLIC_URL: z.url().optional(),
  /** Crisp website id of the support chat (spec §1); unset, no chat is loaded. */
  SUPPORT_CHAT_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, "o id do site no Crisp, como 7d3b5a2e-...")
    .optional(),
  /** Other origins whose pages may call the API with their cookies (an app on another host). */
  CORS_ORIGINS: origins.default([]),
  /** Parent domain of the anti-forgery cookie, so an app on a sibling subdomain can read it. */
  COOKIE_DOMAIN: z
    .string()
    .regex(
      /^\.?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i,
      "um domínio como closer.com.br, sem esquema nem caminho",
    )
    .transform((domain) => domain.replace(/^\./, "").toLowerCase())
    .optional(),
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Password recovery's bot check; at least CAPTCHA_MIN_SCORE. */
  CAPTCHA_MIN_SCORE_STRICT: z.coerce.number().min(0).max(1).optional(),
  CAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "deve começar com smtp:// ou smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Closer <nao-responda@closer.app.br>"),
  /**
   * How often the e-mail outbox is drained, and the wait before a refused mail's first retry
   * (doubling after each failure, at most an hour); unset: 30.
   */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Live mode without SMTP_URL: mails stay in DATA_DIR/outbox and reach nobody. */
  ALLOW_NO_SMTP: optOut,
  /** Live mode without CAPTCHA_SECRET: every bot check passes. */
  ALLOW_NO_CAPTCHA: optOut,
  /** With S3_BUCKET set, media and receipts go to S3-compatible storage instead of DATA_DIR. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("sa-east-1"),
  /** Defaults to AWS in S3_REGION; set it for MinIO, Cloudflare R2, DigitalOcean Spaces... */
  S3_ENDPOINT: z.url().optional(),
  /** A CDN in front of the bucket: media URLs use this base (still signed by the store). */
  MEDIA_PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\/[^?#]+$/, "deve ser um endereço http(s) sem ? nem #")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  JWT_SECRET: secret.optional(),
  MEDIA_SIGNING_SECRET: secret.optional(),
  /**
   * ffmpeg for story posters and web renditions: an absolute path to the binary, or `off`.
   * Unset looks for `ffmpeg` on PATH; without one, videos are published as sent.
   */
  FFMPEG_PATH: z
    .string()
    .refine(
      (value) => value === "off" || (path.isAbsolute(value) && isExecutable(value)),
      "deve ser o caminho absoluto de um ffmpeg executável, ou off",
    )
    .optional(),
  /**
   * Lifetime of a link to private media (stories, photos, receipts), signed for one viewer: a
   * link kept after her access ends, or handed to someone else, works at most this long.
   */
  PRIVATE_MEDIA_TTL_SECONDS: z.coerce
    .number({ error: "deve ser um número de segundos, de 2 a 300" })
    .int("deve ser um número inteiro de segundos, de 2 a 300")
    .min(2, "deve ser de 2 a 300 segundos")
    .max(300, "deve ser de 2 a 300 segundos (no máximo 5 minutos)")
    .default(300),
  /** Public profile and counts are served from memory this long (0 turns it off). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** A creator's published content (not who may see it) is kept in memory this long (0: off). */
  CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /**
   * Web Push's VAPID pair (web-push generate-vapid-keys), the same on every replica. Unset in
   * sandbox mode: a pair derived from JWT_SECRET; unset in live mode: no push, e-mail digests only.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, "a chave pública VAPID em base64url (87 caracteres)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,46}$/, "a chave privada VAPID em base64url (43 caracteres)")
    .optional(),
  /** Who push services may contact about our notifications: mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "deve começar com mailto: ou https://")
    .default("mailto:contato@closer.app.br"),
  /** Bearer token Prometheus sends to /v1/metrics; without it the endpoint is off. */
  METRICS_TOKEN: z.string().min(16, "precisa de pelo menos 16 caracteres").optional(),
  /**
   * On SIGTERM, /v1/ready answers 503 this long before the server stops listening, so the load
   * balancer takes the replica out while its requests are still served.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Number of proxy hops to trust for the client IP (0 = none), e.g. 1 behind one load balancer. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
})

export type Env = z.infer<typeof EnvSchema> & {
  DEMO_DATA: "on" | "off"
  CAPTCHA_MIN_SCORE_STRICT: number
  PUBLIC_URL: string
  JWT_SECRET: string
  MEDIA_SIGNING_SECRET: string
}

export class EnvError extends Error {}

const emptyToUndefined = (source: NodeJS.ProcessEnv) =>
  Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  )

/**
 * Parses the environment. On PGlite (one process), secrets not given are generated once and kept
 * in DATA_DIR/secrets.json; with DATABASE_URL they must be given.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(emptyToUndefined(source))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
    throw new EnvError(`Configuração inválida:\n${lines.join("\n")}`)
  }
  const env = parsed.data
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY))
    throw new EnvError(
      "Configuração inválida:\n  S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY são obrigatórios com S3_BUCKET",
    )
  if (
    env.CAPTCHA_MIN_SCORE_STRICT !== undefined &&
    env.CAPTCHA_MIN_SCORE_STRICT < env.CAPTCHA_MIN_SCORE
  )
    throw new EnvError(
      "Configuração inválida:\n  CAPTCHA_MIN_SCORE_STRICT: não pode ser menor que CAPTCHA_MIN_SCORE",
    )
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "")
  const host = new URL(publicUrl).hostname
  // A browser drops a cookie whose domain does not contain the host that set it.
  if (env.COOKIE_DOMAIN && host !== env.COOKIE_DOMAIN && !host.endsWith(`.${env.COOKIE_DOMAIN}`))
    throw new EnvError(
      `Configuração inválida:\n  COOKIE_DOMAIN: ${env.COOKIE_DOMAIN} não contém o host de PUBLIC_URL (${host})`,
    )
  if (env.MEDIA_PUBLIC_URL && !env.S3_BUCKET)
    throw new EnvError(
      "Configuração inválida:\n  MEDIA_PUBLIC_URL: só vale com S3_BUCKET (a CDN fica na frente do bucket)",
    )
  const demoData = env.DEMO_DATA ?? (env.PAYMENTS_MODE === "live" ? "off" : "on")
  // Real money and accounts whose password is printed in the README do not mix.
  if (demoData === "on" && env.PAYMENTS_MODE === "live")
    throw new EnvError(
      "Configuração inválida:\n  DEMO_DATA: on não é permitido com PAYMENTS_MODE=live " +
        "(as contas de demonstração têm senha pública); use DEMO_DATA=off ou não o defina",
    )
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    throw new EnvError(
      "Configuração inválida:\n  VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas: defina as duas ou nenhuma",
    )
  if (env.PAYMENTS_MODE === "live") requireLiveServices(env)
  if (env.DATABASE_URL) requireSharedSecrets(env)
  const secrets =
    env.JWT_SECRET && env.MEDIA_SIGNING_SECRET ? null : readOrCreateSecrets(env.DATA_DIR)
  return {
    ...env,
    DEMO_DATA: demoData,
    CAPTCHA_MIN_SCORE_STRICT:
      env.CAPTCHA_MIN_SCORE_STRICT ?? Math.max(defaultStrictMinScore, env.CAPTCHA_MIN_SCORE),
    PUBLIC_URL: publicUrl,
    JWT_SECRET: env.JWT_SECRET ?? secrets!.jwtSecret,
    MEDIA_SIGNING_SECRET: env.MEDIA_SIGNING_SECRET ?? secrets!.mediaSigningSecret,
  }
}

/**
 * Real buyers and creators need their mails (recovery codes, invites, receipts) and a bot check
 * that checks: live mode starts without either only when told to, by name.
 */
function requireLiveServices(env: z.infer<typeof EnvSchema>) {
  const lines = [
    env.SMTP_URL || env.ALLOW_NO_SMTP
      ? null
      : "  SMTP_URL: obrigatório com PAYMENTS_MODE=live: sem ele nenhum e-mail chega a ninguém " +
        "(códigos de recuperação, convites, recibos); para iniciar mesmo assim, defina ALLOW_NO_SMTP=1",
    env.CAPTCHA_SECRET || env.ALLOW_NO_CAPTCHA
      ? null
      : "  CAPTCHA_SECRET: obrigatório com PAYMENTS_MODE=live: sem ele toda verificação " +
        "anti-robô passa; para iniciar mesmo assim, defina ALLOW_NO_CAPTCHA=1",
  ].filter((line) => line !== null)
  if (lines.length) throw new EnvError(`Configuração inválida:\n${lines.join("\n")}`)
}

/**
 * On PostgreSQL any number of replicas may run: a secret one of them generated for itself would
 * make the others refuse its sessions (and, on disk storage, its media links). They must be given.
 */
function requireSharedSecrets(env: z.infer<typeof EnvSchema>) {
  const missing = [
    env.JWT_SECRET ? null : "JWT_SECRET",
    // With S3 the store signs media URLs itself; this secret only signs the disk's /v1/files links.
    env.MEDIA_SIGNING_SECRET || env.S3_BUCKET ? null : "MEDIA_SIGNING_SECRET",
  ].filter((name) => name !== null)
  if (!missing.length) return
  const lines = missing.map(
    (name) =>
      `  ${name}: obrigatório com DATABASE_URL: todas as réplicas precisam do mesmo valor ` +
      "(gere um com openssl rand -base64 48)",
  )
  throw new EnvError(`Configuração inválida:\n${lines.join("\n")}`)
}

const SecretsFileSchema = z.object({ jwtSecret: secret, mediaSigningSecret: secret })

function readOrCreateSecrets(dataDir: string) {
  const file = path.join(dataDir, "secrets.json")
  if (existsSync(file)) {
    let content: unknown
    try {
      content = JSON.parse(readFileSync(file, "utf8"))
    } catch {
      content = null
    }
    const parsed = SecretsFileSchema.safeParse(content)
    if (!parsed.success)
      throw new EnvError(`Arquivo de segredos inválido: ${file}. Apague-o para gerar outro.`)
    return parsed.data
  }
  const secrets = {
    jwtSecret: randomBytes(48).toString("base64url"),
    mediaSigningSecret: randomBytes(48).toString("base64url"),
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}
