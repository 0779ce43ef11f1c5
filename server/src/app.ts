import { randomUUID } from "node:crypto"
import fastifyCookie from "@fastify/cookie"
import pino from "pino"
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify"
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod"
import { z } from "zod"
import { createCreatorChanges } from "./cache/creator-changes.ts"
import { createUnwrittenMemo } from "./cache/unwritten-memo.ts"
import { billingModules, createBilling } from "./billing-modules.ts"
import type { AppDeps, ModuleDeps } from "./deps.ts"
import { accountRoutes } from "./modules/account/account.routes.ts"
import { adminRoutes } from "./modules/admin/admin.routes.ts"
import { authRoutes } from "./modules/auth/auth.routes.ts"
import { contentRoutes } from "./modules/content/content.routes.ts"
import { eventsRoutes } from "./modules/events/events.routes.ts"
import { filesRoutes } from "./modules/files/files.routes.ts"
import { healthRoutes, type Lifecycle } from "./modules/health/health.routes.ts"
import { createMailOutboxRepository } from "./modules/mail/mail-outbox.repository.ts"
import { createMailOutbox } from "./modules/mail/mail-outbox.service.ts"
import { mailPlugin } from "./modules/mail/mail.plugin.ts"
import { notificationsPlugin } from "./modules/notifications/notifications.plugin.ts"
import { createMetrics } from "./plugins/metrics.ts"
import { runWithRequestId } from "./request-context.ts"
import { leadsRoutes } from "./modules/leads/leads.routes.ts"
import { registerPages } from "./modules/pages/pages.ts"
import { profilesRoutes } from "./modules/profiles/profiles.routes.ts"
import { studioRoutes } from "./modules/studio/studio.routes.ts"
import { supportRoutes } from "./modules/support/support.routes.ts"
import { sessionsRoutes } from "./modules/auth/sessions.routes.ts"
import { createSessionService } from "./modules/auth/sessions.service.ts"
import { createReaderPasses } from "./modules/auth/reader-passes.ts"
import { createAccessLog } from "./modules/auth/access-log.service.ts"
import { createProfileIds } from "./modules/profiles/profile-ids.service.ts"
import { createTokenService } from "./plugins/tokens.ts"
import { registerAntiForgery } from "./plugins/anti-forgery.ts"
import { readerCookie } from "./plugins/reader-cookie.ts"
import { registerAuth } from "./plugins/auth.ts"
import type { RouteAccess } from "./plugins/route-access.ts"
import { registerCors } from "./plugins/cors.ts"
import { errorHandler, registerErrorHandling } from "./plugins/error-handler.ts"
import { registerLenientJson } from "./plugins/json-body.ts"
import { registerTextInputGuard } from "./plugins/text-input.ts"
import { registerNoStore } from "./plugins/no-store.ts"
import { registerNotFound } from "./plugins/not-found.ts"
import { registerOpenApi } from "./plugins/openapi.ts"
import { createRateLimitCounter, registerRateLimits } from "./plugins/rate-limit.ts"
import { registerSecurityHeaders } from "./plugins/security-headers.ts"
import { lazyChildLogger } from "./logging/lazy-child-logger.ts"
import { RequestLog } from "./plugins/request-log.ts"
import { registerSpa } from "./plugins/spa.ts"

// Fields whose schema carries no message of its own still answer in pt-BR.
z.config({ customError: (issue) => (issue.input === undefined ? "Obrigatório" : "Inválido") })

export const bodyLimitBytes = 1024 * 1024
/** An incoming x-request-id is kept when short and plain; anything else gets a new id. */
export const requestIdPattern = /^[A-Za-z0-9._:-]{8,64}$/

export interface RegisteredRoute {
  method: string
  url: string
  /** Who may call it and what it owns, as its `config` declares. */
  access: RouteAccess | undefined
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered (HEAD twins included), for checks such as "all are documented". */
    registeredRoutes: RegisteredRoute[]
    /**
     * Shutting down: /v1/ready answers 503 so the load balancer stops sending, while requests
     * are still served (each answer closes its connection) until the app closes.
     */
    drain(): void
  }
}

export interface BuildAppOptions extends AppDeps {
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger
}

/** The whole HTTP app from its dependencies; never listens (server.ts does). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger, ...appDeps } = options
  const https = appDeps.config.publicUrl.startsWith("https://")
  const metrics = createMetrics()
  const hops = appDeps.config.trustProxy
  const app: FastifyInstance = Fastify({
    // Fastify reports a request's end to the log controller (and so to the metrics) only when
    // it has a logger: without one given, a silent one.
    loggerInstance: logger ?? pino({ level: "silent" }),
    // Trust only as many proxies as we run, so a client cannot forge its IP for the rate limits.
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    bodyLimit: bodyLimitBytes,
    // The load balancer's id when it sends a sane one, so its logs and ours name the same request.
    genReqId: (request) => {
      const given = request.headers["x-request-id"]
      return typeof given === "string" && requestIdPattern.test(given) ? given : randomUUID()
    },
    // Made when a request first logs: the access line goes through the app's logger.
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLog(
      metrics,
      logger !== undefined && ["trace", "debug", "info"].includes(logger.level),
    ),
    // A malformed or over-long path is refused before routing: answer it in pt-BR too.
    frameworkErrors: errorHandler,
    // The drain already took this replica out of the balancer: a request that still reaches it
    // while it closes is served (its database is open until then), not refused in English.
    return503OnClosing: false,
  })
  const routes: RouteOptions[] = []
  // Read when asked: a plugin's own onRoute hook may still declare a route's config after this one.
  app.decorate("registeredRoutes", {
    getter: () =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({
          method,
          url: route.url,
          access: route.config?.access,
        })),
      ),
  })
  app.addHook("onRoute", (route) => {
    routes.push(route)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerLenientJson(app)
  registerTextInputGuard(app)
  // Everything a request causes (gateway calls included) runs knowing its id.
  app.addHook("onRequest", (request, _reply, done) => runWithRequestId(request.id, done))
  const lifecycle: Lifecycle = { draining: false }
  app.decorate("drain", () => {
    lifecycle.draining = true
  })
  app.addHook("onSend", (_request, reply, payload, done) => {
    // Kept-alive connections end here, so the balancer's next request opens one elsewhere.
    if (lifecycle.draining) reply.header("connection", "close")
    done(null, payload)
  })

  const tokens = createTokenService(
    appDeps.config.jwtSecret,
    () => appDeps.clock.now(),
    appDeps.config.accessTokenTtlSeconds,
  )
  const sessions = createSessionService({
    db: appDeps.db,
    tokens,
    readerPasses: createReaderPasses(appDeps.config.jwtSecret, () => appDeps.clock.now()),
    clock: appDeps.clock,
    log: app.log,
    secureCookie: https,
  })
  // Modules send through the outbox; the adapter's mailer (SMTP or disk) is its transport.
  const outbox = createMailOutbox({
    repo: createMailOutboxRepository(appDeps.db),
    transport: appDeps.mailer,
    clock: appDeps.clock,
    log: app.log,
    retryMs: appDeps.config.mailRetryMs,
  })
  const base: Omit<ModuleDeps, "subscriptions"> = {
    ...appDeps,
    mailer: outbox.mailer,
    tokens,
    sessions,
    limits: createRateLimitCounter(appDeps.db, appDeps.clock),
    log: app.log,
    metrics,
    creatorChanges: createCreatorChanges(),
    accessLog: createAccessLog(appDeps.db),
    profileIds: createProfileIds(appDeps.db),
    deadMail: outbox,
    unwritten: createUnwrittenMemo({
      writes: appDeps.localWrites,
      ttlMs: appDeps.config.contentCacheMs ?? 0,
      maxEntries: 20_000,
    }),
  }
  // Sandbox gateways notify us through our own HTTP route, exactly like the real ones.
  const billing = createBilling(base, ({ url, headers, payload }) =>
    app.inject({ method: "POST", url, headers, payload }),
  )
  app.decorate("billingJobs", { maintenance: billing.maintenance, jobs: billing.jobs })
  const deps: ModuleDeps = { ...base, subscriptions: billing.subscriptions }

  await app.register(fastifyCookie)
  await registerSecurityHeaders(app, {
    https,
    mediaOrigins: appDeps.storage.mediaOrigin ? [appDeps.storage.mediaOrigin] : [],
    supportChat: Boolean(appDeps.config.supportChatId),
  })
  await registerOpenApi(app, { publicUrl: appDeps.config.publicUrl, https })

  const antiForgery = { secureCookie: https, cookieDomain: appDeps.config.cookieDomain }
  await app.register(
    async (v1) => {
      // First: a preflight is answered before anything that could refuse it.
      await registerCors(v1, appDeps.config.corsOrigins ?? [])
      registerAntiForgery(v1, antiForgery)
      registerAuth(v1, deps)
      registerNoStore(v1)
      await registerRateLimits(v1, deps.limits)
      await v1.register(healthRoutes, { deps, lifecycle })
      await v1.register(mailPlugin, { deps, outbox })
      await v1.register(authRoutes, { deps })
      await v1.register(sessionsRoutes, { deps, sessions })
      await v1.register(profilesRoutes, { deps })
      await v1.register(contentRoutes, { deps })
      await v1.register(leadsRoutes, { deps })
      await v1.register(filesRoutes, { deps })
      await v1.register(billingModules, { billing, deps })
      await v1.register(studioRoutes, { deps })
      await v1.register(adminRoutes, { deps })
      await v1.register(eventsRoutes, { deps })
      await v1.register(accountRoutes, { deps })
      await v1.register(supportRoutes, { deps })
      await v1.register(notificationsPlugin, { deps })
    },
    { prefix: "/v1" },
  )

  const { distDir, pageRenderer, publicCacheMs } = appDeps.config
  const spa = distDir ? await registerSpa(app, distDir) : false
  const pages =
    spa && distDir
      ? await registerPages(app, {
          distDir,
          renderer: pageRenderer,
          cacheMs: publicCacheMs,
          creatorChanges: deps.creatorChanges,
          antiForgery,
          readers: { of: (request) => sessions.reader(readerCookie.of(request)) },
        })
      : null
  registerNotFound(app, { spa, pages })
  return app
}
