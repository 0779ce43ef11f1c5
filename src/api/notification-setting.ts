import useSWR from "swr"
import type { NotificationSetting } from "../domain/notifications.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { record } from "./wire.ts"

export const notificationsPath = (username: string) =>
  `/u/${encodeURIComponent(username)}/notifications`

/**
 * Her choice for one creator, read on that creator's page. A light check (see wire.ts), apart
 * from the switch's zod-checked calls in notifications.ts: the page opens without zod.
 */
export const useNotificationSetting = (username: string, viewer: string | null) =>
  useSWR(viewer ? keys.notifications(username, viewer) : null, () =>
    apiRequest(notificationsPath(username), record<NotificationSetting>("enabled", "email")),
  )
