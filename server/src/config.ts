import type { Env } from "./env.ts"
import { productionScrypt, type ScryptParams } from "./modules/auth/passwords.ts"

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
  /** ffmpeg for story posters and web renditions: unset looks it up on PATH, null means none. */
  ffmpegPath?: string | null
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
  }
}
