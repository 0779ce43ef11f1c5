import type { FastifyPluginAsync } from "fastify"
import { createWebPushSender } from "../../adapters/push/web-push-sender.ts"
import type { ModuleOptions } from "../../deps.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { createFanOut } from "./notifications-fan-out.ts"
import {
  createFanOutRepository,
  createNotificationsRepository,
} from "./notifications.repository.ts"
import { notificationsRoutes } from "./notifications.routes.ts"
import { createNotificationsService } from "./notifications.service.ts"
import { createUnsubscribeTokens } from "./unsubscribe-token.ts"

/** Runs often: a run only announces what is new and takes a paced share of the audience. */
export const fanOutEveryMs = 15_000

/** New-content notifications: the follower's routes and the leased fan-out job. */
export const notificationsPlugin: FastifyPluginAsync<ModuleOptions> = async (app, { deps }) => {
  const { config } = deps
  const push = config.vapid ? createWebPushSender(config.vapid) : null
  const tokens = createUnsubscribeTokens(config.jwtSecret)
  const service = createNotificationsService({
    repo: createNotificationsRepository(deps.db),
    clock: deps.clock,
    profileIds: deps.profileIds,
    push,
    tokens,
  })
  await app.register(notificationsRoutes, { service })

  const fanOut = createFanOut({
    repo: createFanOutRepository(deps.db),
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    push,
    tokens,
    publicUrl: config.publicUrl,
  })
  if (config.payments?.jobs) {
    const runner = createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      jobs: [{ name: "notifications.fan-out", intervalMs: fanOutEveryMs, run: () => fanOut.run() }],
    })
    app.addHook("onReady", async () => runner.start(fanOutEveryMs))
    app.addHook("preClose", async () => runner.stop())
  }
}
