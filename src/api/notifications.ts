import { mutate } from "swr"
import { z } from "zod"
import {
  NotificationSettingChangedSchema,
  PushKeySchema,
  UnsubscribedSchema,
  type PushSubscriptionBody,
} from "../domain/notifications.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { notificationsPath } from "./notification-setting.ts"

/**
 * New-content notifications: changing her choice per creator, her browser's push subscription.
 * Reading her choice is in notification-setting.ts, without zod.
 */

export async function changeNotifications(
  username: string,
  viewer: string | null,
  enabled: boolean,
) {
  const answer = await apiRequest(notificationsPath(username), NotificationSettingChangedSchema, {
    method: "PUT",
    body: { enabled },
  })
  await Promise.all([
    mutate(keys.notifications(username, viewer)),
    mutate(keys.notifications(null, viewer)),
  ])
  return answer
}

export const pushKey = () => apiRequest("/notifications/push-key", PushKeySchema)

export const savePushSubscription = (body: PushSubscriptionBody) =>
  apiRequest("/account/push-subscriptions", z.object({ saved: z.literal(true) }), {
    method: "POST",
    body,
  })

export const unsubscribeDigest = (token: string) =>
  apiRequest(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`, UnsubscribedSchema, {
    method: "POST",
  })
