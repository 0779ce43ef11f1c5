import type { FastifyBaseLogger, FastifyReply } from "fastify"
import type { Captcha } from "./adapters/captcha/captcha.ts"
import type { Gateways } from "./adapters/gateways/build-gateways.ts"
import type { Mailer, QueueingMailer } from "./adapters/mail/mailer.ts"
import type { OutboxFolder } from "./adapters/mail/outbox-folder.ts"
import type { Storage } from "./adapters/storage/storage.ts"
import type { CreatorChanges } from "./cache/creator-changes.ts"
import type { UnwrittenMemo } from "./cache/unwritten-memo.ts"
import type { Clock } from "./clock.ts"
import type { AppConfig } from "./config.ts"
import type { Database } from "./db/client.ts"
import type { LocalWrites } from "./db/local-writes.ts"
import type { Metrics } from "./plugins/metrics.ts"
import type { TokenService } from "./plugins/tokens.ts"
import type { AuthAccount } from "./plugins/auth.ts"
import type { RateLimitCounter } from "./plugins/rate-limit.ts"

/** The events the access log keeps (Marco Civil art. 15). */
export type AccessEvent = "signup" | "login" | "password_change" | "password_recovery" | "close"
export interface AccessEntry {
  accountId: string
  event: AccessEvent
  ip: string
  at: Date
}

/** The auth module's access log, for the modules that record an access of their own. */
export interface AccessLog {
  record(entry: AccessEntry): Promise<void>
}

/** The profiles module's answer to "which creator is @username" (null when none is). */
export interface ProfileIds {
  byUsername(username: string): Promise<string | null>
}

/** What buildApp is given: the outside world, so tests can pass real PGlite and local fakes. */
export interface AppDeps {
  db: Database
  clock: Clock
  mailer: Mailer
  captcha: Captcha
  storage: Storage
  /** The payment providers (sandbox simulators or the live APIs), built beside the other adapters. */
  gateways: Gateways
  config: AppConfig
  /** Where the outbox mailer writes, for the operators in sandbox mode; unset: no such folder. */
  outbox?: OutboxFolder
  /** The embedded PGlite's count of writes (unset on PostgreSQL, where replicas write unseen). */
  localWrites?: LocalWrites
}

/** What other modules need of the auth module's sessions: sign a new buyer in for good. */
export interface KeepSignedIn {
  /** Gives the browser the refresh cookie that goes with this access token. */
  keepSignedIn(reply: FastifyReply, accessToken: string | undefined): Promise<void>
}

/** A mail given up after its last try, as an operator sees it: never its body. */
export interface DeadMail {
  id: string
  to: string
  subject: string
  attempts: number
  lastError: string | null
  createdAt: Date
  failedAt: Date | null
}

/** The mail module's dead mail, for the operator's tools. */
export interface DeadMailBox {
  listDead(): Promise<DeadMail[]>
  /** Sends a dead mail again; `not-dead` when it is not (sent, waiting, already resent). */
  resend(id: string): Promise<"resent" | "not-dead" | "missing">
}

/** What the account module needs of billing: the subscriptions of a closing account cancelled. */
export interface SubscriptionCancellation {
  cancel(subscriptionId: string, viewer: AuthAccount): Promise<unknown>
}

/** What every module receives: the app's dependencies plus services built once from them. */
export interface ModuleDeps extends AppDeps {
  /** The outbox in front of the adapter's mailer. */
  mailer: QueueingMailer
  tokens: TokenService
  /** Refresh tokens: a sign-in answer keeps its browser signed in through `keepSignedIn`. */
  sessions: KeepSignedIn
  limits: RateLimitCounter
  log: FastifyBaseLogger
  /** This process's metrics: requests, refused webhooks, Node's own; modules add gauges. */
  metrics: Metrics
  /** Tells the caches of public reads that a creator's public face changed. */
  creatorChanges: CreatorChanges
  /** Who signed in, out or closed the account, from which address and when. */
  accessLog: AccessLog
  /** Creators' ids by username, from the profiles module. */
  profileIds: ProfileIds
  /** The subscriptions module's cancellation, for the account module. */
  subscriptions: SubscriptionCancellation
  /** Mail the outbox gave up on, for the operators to send again. */
  deadMail: DeadMailBox
  /**
   * Who-may-see-what reads: identical ones in flight share a trip; on PGlite they are also kept
   * while nothing was written (for `contentCacheMs`). A page's reads all ask them.
   */
  unwritten: UnwrittenMemo
}

export interface ModuleOptions {
  deps: ModuleDeps
}
