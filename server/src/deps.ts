import type { FastifyBaseLogger } from "fastify"
import type { Captcha } from "./adapters/captcha/captcha.ts"
import type { Mailer } from "./adapters/mail/mailer.ts"
import type { Storage } from "./adapters/storage/storage.ts"
import type { CreatorChanges } from "./cache/creator-changes.ts"
import type { Clock } from "./clock.ts"
import type { AppConfig } from "./config.ts"
import type { Database } from "./db/client.ts"
import type { Counters } from "./modules/health/metrics.ts"
import type { SessionService } from "./modules/auth/sessions.service.ts"
import type { TokenService } from "./modules/auth/tokens.ts"
import type { RateLimitCounter } from "./plugins/rate-limit.ts"

/** What buildApp is given: the outside world, so tests can pass real PGlite and local fakes. */
export interface AppDeps {
  db: Database
  clock: Clock
  mailer: Mailer
  captcha: Captcha
  storage: Storage
  config: AppConfig
}

/** What every module receives: the app's dependencies plus services built once from them. */
export interface ModuleDeps extends AppDeps {
  tokens: TokenService
  /** Refresh tokens: a sign-in answer keeps its browser signed in through `keepSignedIn`. */
  sessions: SessionService
  limits: RateLimitCounter
  log: FastifyBaseLogger
  /** This process's metrics counters (requests, refused webhooks). */
  counters: Counters
  /** Tells the caches of public reads that a creator's public face changed. */
  creatorChanges: CreatorChanges
}

export interface ModuleOptions {
  deps: ModuleDeps
}
