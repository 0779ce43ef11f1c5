import { pushKey, savePushSubscription } from "../../api/notifications.ts"
import { pushDeniedMessage, pushUnsupportedMessage } from "../../domain/notification-texts.ts"

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/")
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="))
  return Uint8Array.from(raw, (char) => char.charCodeAt(0))
}

/**
 * Subscribes this browser to push (asking the permission first) and gives its subscription to
 * the server. Resolves with a note when push cannot be had here: the e-mail digest still goes.
 */
export async function subscribeThisBrowser(): Promise<string | undefined> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return pushUnsupportedMessage
  if ((await Notification.requestPermission()) !== "granted") return pushDeniedMessage
  try {
    const { publicKey } = await pushKey()
    await navigator.serviceWorker.register("/sw.js")
    const registration = await navigator.serviceWorker.ready
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }))
    const { endpoint, keys } = subscription.toJSON()
    if (!endpoint || !keys?.p256dh || !keys.auth) return pushUnsupportedMessage
    await savePushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })
    return undefined
  } catch {
    // No push service reachable, or the server has no VAPID pair: the opt-in holds for e-mail.
    return pushUnsupportedMessage
  }
}
