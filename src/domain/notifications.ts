import { z } from "zod"
import { unsubscribeInvalidMessage } from "./notification-texts.ts"
import { appPages } from "./route-segments.ts"

/**
 * New-content notifications: a subscriber opts in per creator, and hears of each new photo or
 * story by Web Push on her browsers and by at most one e-mail a day. Nothing is sent without the
 * opt-in (LGPD), and what is sent names the creator, never the content.
 */

/** The lock screen's words: who posted, never what. */
export const newContentText = (username: string) => `@${username} publicou algo novo`

/** What the service worker receives; its text is all a lock screen may show. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The creator's page, opened by a tap. */
  url: z.string().startsWith("/"),
  /** One notification per creator on the device: a newer one replaces it. */
  tag: z.string(),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>

export const pushPayloadFor = (username: string): PushPayload => ({
  title: "Closer",
  body: newContentText(username),
  url: `/${username}`,
  tag: `novidade-${username}`,
})

export const NotificationSettingSchema = z.object({
  enabled: z.boolean(),
  /** The daily e-mail digest; off after a one-click unsubscribe, back on with the toggle. */
  email: z.boolean(),
})
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>

export const notificationSettingBody = z.object({
  enabled: z.boolean({ error: "Informe se quer receber avisos" }),
})

export const NotificationSettingChangedSchema = NotificationSettingSchema.extend({
  message: z.string(),
})

/** One creator in the follower's "Avisos de novidades" list. */
export const NotificationCreatorSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  enabled: z.boolean(),
  /** The digest: off after the e-mail's unsubscribe link, while push stays on. */
  email: z.boolean(),
})

export type NotificationCreator = z.infer<typeof NotificationCreatorSchema>

const base64url = (max: number) =>
  z
    .string()
    .min(8, "Chave inválida")
    .max(max, "Chave inválida")
    .regex(/^[A-Za-z0-9_-]+=*$/, "Chave inválida")

/** A browser's PushSubscription as `toJSON()` gives it; push services speak https only. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: "Endereço de notificação inválido" })
    .max(1000, "Endereço de notificação inválido"),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
})
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>

export const pushEndpointBody = pushSubscriptionBody.pick({ endpoint: true })

export const PushKeySchema = z.object({ publicKey: z.string() })

/** The unsubscribe link's token: who and from which creator, signed by the server. */
export const unsubscribeBody = z.object({
  token: z
    .string({ error: unsubscribeInvalidMessage })
    .min(10, unsubscribeInvalidMessage)
    .max(300, unsubscribeInvalidMessage),
})
export const UnsubscribedSchema = z.object({ username: z.string(), message: z.string() })
export const UNSUBSCRIBE_PATH = `/${appPages.unsubscribe}`
