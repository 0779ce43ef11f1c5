import type { PaymentsSettings } from "./adapters/gateways/payments-settings.ts"
import type { Env } from "./env.ts"
import { deriveDevVapidKeys, type VapidKeys } from "./adapters/push/vapid-keys.ts"
import { productionScrypt, type ScryptParams } from "./adapters/passwords/passwords.ts"

/** Settings the app needs at run time, decided once from the environment (or by a test). */
export interface AppConfig {
  publicUrl: string
  paymentsMode: "sandbox" | "live"
  jwtSecret: string
  mediaSigningSecret: string
  scrypt: ScryptParams
  /** Proxy hops to trust for the client IP. */
  trustProxy: number
  /** Built app to serve with SPA fallback; null serves the API only. */
  distDir: string | null
  /**
   * The server's page renderer (modules/pages); unset uses the one `vite build` writes beside
   * the app (dist-ssr), null renders no page on the server.
   */
  pageRenderer?: string | null
  /** Gateway credentials, webhook secrets and jobs; tests set only what they use. */
  payments?: PaymentsSettings
  /** ffmpeg for story posters and web renditions: unset looks it up on PATH, null means none. */
  ffmpegPath?: string | null
  /** false: this process never processes story videos, it leaves them queued for a worker. */
  mediaWorker?: boolean
  /** How long public profile reads may be served from memory; unset or 0 turns it off. */
  publicCacheMs?: number
  /**
   * How long a creator's published photos, stories and highlights (the same for every
   * subscriber) may be served from memory; never who may see them. Unset or 0 turns it off.
   */
  contentCacheMs?: number
  /** Bearer token for /v1/metrics; unset turns the endpoint off. */
  metricsToken?: string
  /** Other origins allowed to call /v1 with credentials; unset or empty: same origin only. */
  corsOrigins?: string[]
  /** Domain attribute of the anti-forgery cookie; unset: the API's own host. */
  cookieDomain?: string
  /** Lifetime of an access token in seconds; unset: `accessTokenTtlSeconds` (15 minutes). */
  accessTokenTtlSeconds?: number
  /** Lifetime of a viewer's link to private media in seconds; unset: 5 minutes. */
  privateMediaTtlSeconds?: number
  /** Crisp website id of the support chat; unset: no chat, and no Crisp origin in the CSP. */
  supportChatId?: string
  /** How often the mail outbox is drained and a refused mail's first retry, in ms; unset: 30 s. */
  mailRetryMs?: number
  /** Web Push's VAPID pair; unset: no push (the e-mail digest still goes). */
  vapid?: VapidKeys
}

export function configFromEnv(env: Env, distDir: string | null): AppConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    paymentsMode: env.PAYMENTS_MODE,
    jwtSecret: env.JWT_SECRET,
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET,
    scrypt: productionScrypt,
    trustProxy: env.TRUST_PROXY,
    distDir,
    payments: paymentsFromEnv(env),
    ffmpegPath: env.FFMPEG_PATH === "off" ? null : env.FFMPEG_PATH,
    mediaWorker: env.MEDIA_WORKER === "on",
    publicCacheMs: env.PUBLIC_CACHE_MS,
    contentCacheMs: env.CONTENT_CACHE_MS,
    metricsToken: env.METRICS_TOKEN,
    corsOrigins: env.CORS_ORIGINS,
    cookieDomain: env.COOKIE_DOMAIN,
    privateMediaTtlSeconds: env.PRIVATE_MEDIA_TTL_SECONDS,
    supportChatId: env.SUPPORT_CHAT_ID,
    mailRetryMs: env.MAIL_RETRY_SECONDS === undefined ? undefined : env.MAIL_RETRY_SECONDS * 1000,
    vapid: vapidFromEnv(env),
  }
}

function paymentsFromEnv(env: Env): PaymentsSettings {
  return {
    iugu: {
      apiUrl: env.IUGU_API_URL,
      apiToken: env.IUGU_API_TOKEN,
      accountId: env.IUGU_ACCOUNT_ID,
      webhookToken: env.IUGU_WEBHOOK_TOKEN,
      testMode: env.IUGU_TEST_MODE,
    },
    mercadoPago: {
      apiUrl: env.MP_API_URL,
      accessToken: env.MP_ACCESS_TOKEN,
      publicKey: env.MP_PUBLIC_KEY,
      webhookSecret: env.MP_WEBHOOK_SECRET,
    },
    pixCity: env.PIX_CITY,
    jobs: env.JOBS === "on",
  }
}

/** The given pair; in sandbox mode without one, a pair derived from the sessions' secret. */
function vapidFromEnv(env: Env): VapidKeys | undefined {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    }
  return env.PAYMENTS_MODE === "sandbox"
    ? deriveDevVapidKeys(env.JWT_SECRET, env.VAPID_SUBJECT)
    : undefined
}
