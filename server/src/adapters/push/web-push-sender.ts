import type { Agent } from "node:https"
import webpush from "web-push"
import type { VapidKeys } from "./vapid-keys.ts"

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** `gone`: the push service forgot this subscription (404/410); it is to be dropped. */
export type PushOutcome = "sent" | "gone" | "failed"

export interface PushSender {
  publicKey: string
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

/** How long a push service keeps a notification for an offline device. */
const ttlSeconds = 24 * 60 * 60

/** Web Push through the `web-push` library: VAPID signing and the payload's encryption. */
export function createWebPushSender(
  keys: VapidKeys,
  options: { timeoutMs?: number; agent?: Agent } = {},
): PushSender {
  const timeout = options.timeoutMs ?? 10_000
  const vapidDetails = {
    subject: keys.subject,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
  }
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: ttlSeconds, timeout, urgency: "normal", agent: options.agent },
        )
        return "sent"
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode
        return status === 404 || status === 410 ? "gone" : "failed"
      }
    },
  }
}
