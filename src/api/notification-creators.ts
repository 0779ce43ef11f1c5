import useSWR from "swr"
import type { NotificationCreator } from "../domain/notifications.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { listOf } from "./wire.ts"

/**
 * "Avisos de novidades" in Minha conta: the creators she subscribes to and her choice for each.
 * A light check (see wire.ts), apart from the switches' zod-checked calls in notifications.ts:
 * the page opens without zod.
 */
export const useNotificationCreators = (viewer: string | null) =>
  useSWR(viewer ? keys.notifications(null, viewer) : null, () =>
    apiRequest(
      "/account/notifications",
      listOf<NotificationCreator>("username", "fullName", "enabled", "email"),
    ),
  )
