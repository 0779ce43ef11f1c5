import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { eq, type Logger } from "drizzle-orm"
import type {
  FastifyBaseLogger,
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse,
} from "fastify"
import type { PaymentGateway, PlanName, Role, SubscriptionStatus } from "../../src/domain/models.ts"
import { buildPaymentGateways } from "../src/adapters/build-adapters.ts"
import { createRecaptcha } from "../src/adapters/captcha/recaptcha.ts"
import type { Gateways } from "../src/adapters/gateways/build-gateways.ts"
import { createDiskStorage } from "../src/adapters/storage/disk-storage.ts"
import type { Storage } from "../src/adapters/storage/storage.ts"
import { buildApp } from "../src/app.ts"
import { createManualClock, type ManualClock } from "../src/clock.ts"
import type { AppConfig } from "../src/config.ts"
import type { Database } from "../src/db/client.ts"
import {
  accounts,
  highlights,
  highlightStories,
  medias,
  plans,
  profiles,
  stories,
} from "../src/db/schema.ts"
import { subscriptions } from "../src/db/schema-billing.ts"
import type { AppDeps } from "../src/deps.ts"
import { hashPassword, type ScryptParams } from "../src/adapters/passwords/passwords.ts"
import { createTokenService } from "../src/plugins/tokens.ts"
import { xsrfCookieName, xsrfHeaderName } from "../src/plugins/anti-forgery.ts"
import { startFakeRecaptcha } from "./fake-recaptcha.ts"
import { createMemoryMailer, type MemoryMailer } from "./memory-mailer.ts"
import { openTestDatabase } from "./test-database.ts"

/** Cheap enough for a fast suite; production uses `productionScrypt`. */
export const testScrypt: ScryptParams = { N: 2 ** 10, r: 8, p: 1, maxmem: 32 * 1024 * 1024 }
export const testPassword = "senha123"
export const testXsrfToken = "test-xsrf-token"
export const captchaSecret = "test-captcha-secret"

export interface TestRequest extends Omit<InjectOptions, "url" | "method"> {
  method?: InjectOptions["method"]
  url: string
  /** Bearer token to send. */
  token?: string
  /** Send the anti-forgery cookie and header (default true). */
  xsrf?: boolean
}

export interface TestApp {
  app: FastifyInstance
  db: Database
  clock: ManualClock
  mailer: MemoryMailer
  storage: Storage
  /** The app's payment gateways: in sandbox mode, `sandbox` holds the simulators a test drives. */
  gateways: Gateways
  config: AppConfig
  mediaDir: string
  /** Captcha verification requests the local reCAPTCHA fake received. */
  captchaRequests: URLSearchParams[]
  inject(request: TestRequest): Promise<LightMyRequestResponse>
  createAccount(options?: {
    email?: string
    password?: string
    role?: Role
    fullName?: string
  }): Promise<TestAccount>
  createCreator(options?: CreatorOptions): Promise<TestCreator>
  createSubscription(options: SubscriptionOptions): Promise<typeof subscriptions.$inferSelect>
  tokenFor(accountId: string): Promise<string>
  /** Logs in through POST /v1/auth/login and returns the access token (throws on failure). */
  login(usernameOrEmail: string, password?: string): Promise<string>
  /** The anti-forgery pair for requests made without `inject` (e.g. app.inject directly). */
  xsrf: { cookies: Record<string, string>; headers: Record<string, string> }
  /** A story whose video (and poster) bytes are really in storage. */
  createStory(
    profileId: string,
    options?: { processed?: boolean; createdAt?: Date; scheduledFor?: Date },
  ): Promise<typeof stories.$inferSelect>
  createMedia(
    profileId: string,
    options?: { description?: string | null; createdAt?: Date; scheduledFor?: Date },
  ): Promise<typeof medias.$inferSelect>
  createHighlight(
    profileId: string,
    title: string,
    storyIds: string[],
  ): Promise<typeof highlights.$inferSelect>
  close(): Promise<void>
}

/** A 1x1 PNG: enough for magic-byte checks. */
export const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
)
/** Bytes standing in for a video: 0..255 repeated, so a range's content is predictable. */
export const fakeVideo = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256))

export interface TestAccount {
  id: string
  email: string
  password: string
  token: string
}

export interface CreatorOptions {
  username?: string
  fullName?: string
  bio?: string
  verified?: boolean
  paymentGateway?: PaymentGateway
  migrating?: boolean
  banned?: boolean
  plans?: Partial<Record<PlanName, number>>
}

export interface TestCreator extends TestAccount {
  profileId: string
  username: string
}

export interface SubscriptionOptions {
  accountId: string
  profileId: string
  status?: SubscriptionStatus
  /** Defaults to 30 days after the test clock's now. */
  currentPeriodEnd?: Date | null
  planName?: PlanName
}

let counter = 0
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`

/** One migrated database and app per test file (opening PGlite is the slow part). */
export interface TestAppOverrides extends Partial<Omit<AppDeps, "config">> {
  config?: Partial<AppConfig>
  logger?: FastifyBaseLogger
  /** Runs after the app is built and before it is ready, e.g. to add a route for a test. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>
  /** Sees every statement Drizzle sends, e.g. to count the queries of a request. */
  queryLogger?: Logger
}

export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const database = await openTestDatabase({ logger: overrides.queryLogger })
  const clock = (overrides.clock as ManualClock | undefined) ?? createManualClock()
  const mailer = createMemoryMailer()
  const mediaDir = await mkdtemp(path.join(tmpdir(), "closer-media-"))
  const config: AppConfig = {
    publicUrl: "http://localhost:3000",
    paymentsMode: "sandbox",
    jwtSecret: randomBytes(32).toString("base64url"),
    mediaSigningSecret: randomBytes(32).toString("base64url"),
    scrypt: testScrypt,
    trustProxy: 0,
    distDir: null,
    // Whatever the machine has installed: tests that process videos say which ffmpeg they use.
    ffmpegPath: null,
    // Suites that travel through billing periods keep one token for days; the session tests
    // (modules/auth/sessions.*.test.ts) ask for the production lifetime.
    accessTokenTtlSeconds: 30 * 24 * 60 * 60,
    ...overrides.config,
  }
  const recaptcha = await startFakeRecaptcha({ secret: captchaSecret, hostname: "localhost" })
  const storage =
    overrides.storage ??
    createDiskStorage({ dir: mediaDir, secret: config.mediaSigningSecret, clock })
  const silent = { info: () => {}, warn: () => {} }
  const captcha =
    overrides.captcha ??
    createRecaptcha({
      secret: captchaSecret,
      verifyUrl: recaptcha.url,
      minScore: 0.5,
      strictMinScore: 0.7,
      hostnames: ["localhost"],
      logger: silent,
    })
  const gateways = overrides.gateways ?? buildPaymentGateways(config, database.db, clock)
  const app = await buildApp({
    db: database.db,
    localWrites: database.localWrites,
    clock,
    mailer: overrides.mailer ?? mailer,
    captcha,
    storage,
    gateways,
    config,
    outbox: overrides.outbox,
    logger: overrides.logger,
  })
  await overrides.beforeReady?.(app)
  await app.ready()
  const tokens = createTokenService(
    config.jwtSecret,
    () => clock.now(),
    config.accessTokenTtlSeconds,
  )
  const db = database.db

  const tokenFor = async (accountId: string) => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId))
    if (!row) throw new Error(`no account ${accountId}`)
    return tokens.sign({ accountId: row.id, role: row.role, version: row.tokenVersion })
  }

  const createAccount: TestApp["createAccount"] = async (options = {}) => {
    const email = options.email ?? `pessoa.${unique()}@exemplo.com.br`
    const password = options.password ?? testPassword
    const [row] = await db
      .insert(accounts)
      .values({
        email,
        fullName: options.fullName ?? null,
        role: options.role ?? "follower",
        passwordHash: await hashPassword(password, testScrypt),
      })
      .returning()
    return { id: row!.id, email, password, token: await tokenFor(row!.id) }
  }

  const createCreator: TestApp["createCreator"] = async (options = {}) => {
    const username = options.username ?? `criadora.${unique()}`
    const account = await createAccount({
      email: `${username}@exemplo.com.br`,
      role: "performer",
      fullName: options.fullName,
    })
    const [profile] = await db
      .insert(profiles)
      .values({
        accountId: account.id,
        username,
        fullName: options.fullName ?? "Criadora de Teste",
        bio: options.bio ?? "Bio de teste",
        verified: options.verified ?? false,
        paymentGateway: options.paymentGateway ?? "iugu",
        migrating: options.migrating ?? false,
        banned: options.banned ?? false,
      })
      .returning()
    const prices = options.plans ?? { MONTHLY: 2990, QUARTERLY: 7990, SEMIANNUAL: 14990 }
    const rows = Object.entries(prices).map(([name, valueCents]) => ({
      profileId: profile!.id,
      name: name as PlanName,
      valueCents: valueCents!,
    }))
    if (rows.length) await db.insert(plans).values(rows)
    return { ...account, profileId: profile!.id, username }
  }

  const createSubscription: TestApp["createSubscription"] = async (options) => {
    const now = clock.now()
    const end =
      options.currentPeriodEnd === undefined
        ? new Date(now.getTime() + 30 * 86_400_000)
        : options.currentPeriodEnd
    const [row] = await db
      .insert(subscriptions)
      .values({
        accountId: options.accountId,
        profileId: options.profileId,
        status: options.status ?? "paid",
        planName: options.planName ?? "MONTHLY",
        valueCents: 2990,
        paymentMethod: "pix",
        currentPeriodStart: end ? new Date(end.getTime() - 30 * 86_400_000) : null,
        currentPeriodEnd: end,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return row!
  }

  const createStory: TestApp["createStory"] = async (profileId, options = {}) => {
    const id = unique()
    const fileKey = `p/${profileId}/stories/${id}.mp4`
    const posterKey = `p/${profileId}/stories/${id}.png`
    await storage.put(fileKey, fakeVideo)
    await storage.put(posterKey, tinyPng)
    const [row] = await db
      .insert(stories)
      .values({
        profileId,
        kind: "video",
        fileKey,
        posterKey,
        processed: options.processed ?? true,
        scheduledFor: options.scheduledFor ?? null,
        createdAt: options.createdAt ?? clock.now(),
      })
      .returning()
    return row!
  }

  const createMedia: TestApp["createMedia"] = async (profileId, options = {}) => {
    const id = unique()
    const fileKey = `p/${profileId}/medias/${id}.png`
    const thumbKey = `p/${profileId}/medias/${id}-thumb.png`
    await storage.put(fileKey, tinyPng)
    await storage.put(thumbKey, tinyPng)
    const [row] = await db
      .insert(medias)
      .values({
        profileId,
        fileKey,
        thumbKey,
        width: 1080,
        height: 1350,
        description: options.description === undefined ? "Uma foto" : options.description,
        scheduledFor: options.scheduledFor ?? null,
        createdAt: options.createdAt ?? clock.now(),
      })
      .returning()
    return row!
  }

  const createHighlight: TestApp["createHighlight"] = async (profileId, title, storyIds) => {
    const coverKey = `p/${profileId}/highlights/${unique()}.png`
    await storage.put(coverKey, tinyPng)
    const [row] = await db
      .insert(highlights)
      .values({ profileId, title, coverKey, createdAt: clock.now() })
      .returning()
    if (storyIds.length) {
      await db
        .insert(highlightStories)
        .values(storyIds.map((storyId, position) => ({ highlightId: row!.id, storyId, position })))
    }
    return row!
  }

  const inject: TestApp["inject"] = ({
    token,
    xsrf = true,
    headers,
    cookies,
    method = "GET",
    ...rest
  }) =>
    app.inject({
      method,
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(xsrf ? { [xsrfHeaderName]: testXsrfToken } : {}),
        ...headers,
      },
      cookies: { ...(xsrf ? { [xsrfCookieName]: testXsrfToken } : {}), ...cookies },
    })

  const login: TestApp["login"] = async (usernameOrEmail, password = testPassword) => {
    const res = await inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: { usernameOrEmail, password },
    })
    if (res.statusCode !== 200)
      throw new Error(`login failed for ${usernameOrEmail}: ${res.statusCode} ${res.body}`)
    return (res.json() as { accessToken: string }).accessToken
  }

  return {
    app,
    db,
    clock,
    mailer,
    storage,
    gateways,
    config,
    mediaDir,
    captchaRequests: recaptcha.requests,
    inject,
    createAccount,
    createCreator,
    createSubscription,
    tokenFor,
    login,
    xsrf: {
      cookies: { [xsrfCookieName]: testXsrfToken },
      headers: { [xsrfHeaderName]: testXsrfToken },
    },
    createStory,
    createMedia,
    createHighlight,
    async close() {
      await app.close()
      await recaptcha.close()
      await database.close()
      await rm(mediaDir, { recursive: true, force: true })
    },
  }
}
