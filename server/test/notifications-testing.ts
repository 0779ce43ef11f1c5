import { expect } from "vitest"
import webpush from "web-push"
import { createWebPushSender } from "../src/adapters/push/web-push-sender.ts"
import type { FanOutPace } from "../src/modules/notifications/notifications-fan-out.ts"
import { createFanOut } from "../src/modules/notifications/notifications-fan-out.ts"
import { createFanOutRepository } from "../src/modules/notifications/notifications.repository.ts"
import { createUnsubscribeTokens } from "../src/modules/notifications/unsubscribe-token.ts"
import type { QueueingMailer } from "../src/adapters/mail/mailer.ts"
import { createMailOutboxRepository } from "../src/modules/mail/mail-outbox.repository.ts"
import { createMailOutbox } from "../src/modules/mail/mail-outbox.service.ts"
import type { PushServiceStub } from "./push-service-stub.ts"
import type { TestAccount, TestApp, TestCreator } from "./test-app.ts"

/** A fresh VAPID pair for one test app, as `web-push generate-vapid-keys` makes them. */
export const testVapid = () => ({
  ...webpush.generateVAPIDKeys(),
  subject: "mailto:teste@closer.app.br",
})

/** A follower with access to the creator who turned her notifications on, through the API. */
export async function optedInFollower(
  t: TestApp,
  creator: TestCreator,
  options: { push?: PushServiceStub } = {},
) {
  const follower = await t.createAccount()
  await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
  await setNotifications(t, follower, creator, true, 200)
  const browser = options.push?.browser()
  if (browser) {
    const res = await t.inject({
      method: "POST",
      url: "/v1/account/push-subscriptions",
      token: follower.token,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  return { ...follower, browser }
}

export async function setNotifications(
  t: TestApp,
  follower: TestAccount,
  creator: TestCreator,
  enabled: boolean,
  status: number,
) {
  const res = await t.inject({
    method: "PUT",
    url: `/v1/u/${creator.username}/notifications`,
    token: follower.token,
    payload: { enabled },
  })
  expect(res.statusCode, res.body).toBe(status)
  return res
}

/** The app's fan-out job, built as its plugin builds it, to run by hand at a chosen pace. */
export function testFanOut(
  t: TestApp,
  options: { pace?: Partial<FanOutPace>; mailer?: QueueingMailer; push?: PushServiceStub } = {},
) {
  // The product's outbox in front of the test's mail sink, as the app wires it.
  const mailer =
    options.mailer ??
    createMailOutbox({
      repo: createMailOutboxRepository(t.db),
      transport: t.mailer,
      clock: t.clock,
      log: t.app.log,
    }).mailer
  return createFanOut({
    repo: createFanOutRepository(t.db),
    clock: t.clock,
    log: t.app.log,
    mailer,
    push: t.config.vapid
      ? createWebPushSender(t.config.vapid, { agent: options.push?.agent })
      : null,
    tokens: createUnsubscribeTokens(t.config.jwtSecret),
    publicUrl: t.config.publicUrl,
    pace: options.pace,
  })
}
