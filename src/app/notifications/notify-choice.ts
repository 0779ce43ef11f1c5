import { changeNotifications } from "../../api/notifications.ts"
import { subscribeThisBrowser } from "./browser-push.ts"

/**
 * Saves her choice for one creator; turned on, this browser is subscribed to push too. Resolves
 * with a note when only the e-mail will go.
 */
export async function chooseNotifications(
  username: string,
  viewer: string | null,
  enabled: boolean,
): Promise<string | void> {
  await changeNotifications(username, viewer, enabled)
  if (enabled) return subscribeThisBrowser()
}
