import type { InjectOptions } from "fastify"
import { boletoPayer } from "../billing-test-kit.ts"
import { captchaTokens } from "../fake-recaptcha.ts"
import { markedPng, multipart, type AttackerName, type World } from "./security-world.ts"

export interface Probe {
  /** What the attempt is, in the report. */
  label: string
  method?: InjectOptions["method"]
  url: string
  payload?: InjectOptions["payload"]
  headers?: Record<string, string>
  /**
   * Attackers for whom this is someone else's data: they must be refused. The others act on
   * their own data here (their session, their own studio): any answer but a 5xx, with no leak.
   * Default: every attacker.
   */
  refused?: readonly AttackerName[]
  /** Statuses that count as refused, for this attempt. Default 401, 403 or 404. */
  refusal?: readonly number[]
  /** Tables an attacker acting on their own data may write here (another creator's own plans). */
  writes?: readonly string[]
  /** Tables written even when refused: the attempt counter of a recovery code. */
  refusedWrites?: readonly string[]
  /** Only these attackers make this attempt (a guest checkout is made signed out). */
  only?: readonly AttackerName[]
}

export interface RouteProbes {
  /** Attempts against the victims' things; at least one per route. */
  probes(w: World): Probe[]
}

const signedOut: AttackerName[] = ["anonymous", "forged token"]
const followers: AttackerName[] = [
  ...signedOut,
  "other follower",
  "expired follower",
  "cancelled and ended follower",
]
const png = (marker: string) =>
  multipart({ content: markedPng(marker), filename: "foto.png", type: "image/png" })

/** A signed file URL with its `viewer` replaced, or removed (null), the signature kept. */
function withViewer(url: string, viewer: string | null) {
  const changed = new URL(url, "http://x")
  if (viewer) changed.searchParams.set("viewer", viewer)
  else changed.searchParams.delete("viewer")
  return `${changed.pathname}${changed.search}`
}

/** A route answering the caller's own data: signed-out callers are refused, others see only theirs. */
const own = (url: string, label: string, extra: Partial<Probe> = {}): Probe => ({
  label,
  url,
  refused: signedOut,
  ...extra,
})
/** A creator's own studio data: followers are refused, another creator sees only her own. */
const studio = (url: string, label: string, extra: Partial<Probe> = {}): Probe => ({
  label,
  url,
  refused: followers,
  ...extra,
})

/**
 * What the battery attempts on every /v1 route, keyed "METHOD /v1/path" as Fastify registers
 * it. Who may call a route is the route's own `config.access`; this holds only the attempts and
 * their data. A route missing here fails the access-control test until it is given attempts.
 */
export const routeProbes: Record<string, RouteProbes> = {
  "GET /v1/health": {
    probes: () => [{ label: "health", url: "/v1/health", refused: [] }],
  },
  "GET /v1/ready": {
    probes: () => [{ label: "readiness", url: "/v1/ready", refused: [] }],
  },
  "GET /v1/metrics": {
    probes: () => [
      { label: "read the metrics without their token", url: "/v1/metrics", refusal: [401, 404] },
    ],
  },
  "GET /v1/support/config": {
    probes: () => [{ label: "support chat config", url: "/v1/support/config", refused: [] }],
  },
  "GET /v1/payments/config": {
    probes: () => [{ label: "payments config", url: "/v1/payments/config", refused: [] }],
  },

  // auth
  "POST /v1/auth/login": {
    probes: (w) => [
      {
        label: "log in as the paying follower with a guessed password",
        url: "/v1/auth/login",
        payload: { usernameOrEmail: w.paying.email, password: "senha-chutada" },
        refusal: [401],
      },
      {
        label: "log in as the creator by username with a guessed password",
        url: "/v1/auth/login",
        payload: { usernameOrEmail: w.creator.username, password: "123456" },
        refusal: [401],
      },
    ],
  },
  "POST /v1/auth/customer/register/short": {
    probes: (w) => [
      {
        label: "register the paying follower's e-mail again",
        url: "/v1/auth/customer/register/short",
        payload: {
          email: w.paying.email,
          token: captchaTokens.valid,
          from: w.creator.username,
          password: "outra-senha",
        },
        refusal: [409],
      },
    ],
  },
  "POST /v1/auth/recover/email": {
    probes: (w) => [
      {
        // Anyone may ask for a code to be mailed to the owner; the answer must not reveal it.
        label: "ask a recovery code for the paying follower",
        url: "/v1/auth/recover/email",
        payload: { email: w.paying.email, token: captchaTokens.valid },
        refused: [],
        // The code's mail goes through the outbox.
        writes: ["recovery_codes", "mail_outbox"],
      },
    ],
  },
  "POST /v1/auth/recover/code": {
    probes: (w) => [
      {
        label: "guess the paying follower's recovery code",
        url: "/v1/auth/recover/code",
        payload: { email: w.paying.email, gToken: captchaTokens.valid, recoveryCode: "000000" },
        refusal: [422, 429],
        refusedWrites: ["recovery_codes"],
      },
    ],
  },
  "POST /v1/auth/recover/password": {
    probes: (w) => [
      {
        label: "set the paying follower's password with a made-up recovery token",
        url: "/v1/auth/recover/password",
        payload: {
          email: w.paying.email,
          recoveryToken: "token-inventado-token-inventado",
          gToken: captchaTokens.valid,
          password: "tomada123",
        },
        refusal: [422],
      },
    ],
  },
  "POST /v1/auth/password/change": {
    probes: () => [
      own("/v1/auth/password/change", "change a password without knowing it", {
        method: "POST",
        payload: {
          currentPassword: "nao-sei",
          newPassword: "tomada123",
          captchaToken: captchaTokens.valid,
        },
      }),
    ],
  },
  "GET /v1/auth/session": {
    probes: () => [own("/v1/auth/session", "read the session")],
  },
  "POST /v1/auth/refresh": {
    probes: () => [
      // The refresh cookie is the credential here; nobody but its browser holds the victims'.
      { label: "refresh a session without its cookie", url: "/v1/auth/refresh", refusal: [401] },
    ],
  },
  "POST /v1/auth/logout": {
    probes: () => [
      // Without a cookie there is nothing to end: an answer, and nobody's session changes.
      { label: "log out without a session cookie", url: "/v1/auth/logout", refused: [] },
    ],
  },
  "POST /v1/auth/logout-all": {
    probes: () => [
      // Signed in, an attacker would end only their own sessions, and with them the rest of
      // this battery's attempts as that attacker: only the signed-out try.
      own("/v1/auth/logout-all", "log every device out", { only: signedOut }),
    ],
  },

  // profiles and public pages
  "GET /v1/profile/:username": {
    probes: (w) => [
      { label: "creator profile", url: `/v1/profile/${w.creator.username}`, refused: [] },
    ],
  },
  "GET /v1/:username/profile": {
    probes: (w) => [
      { label: "creator profile (alias)", url: `/v1/${w.creator.username}/profile`, refused: [] },
    ],
  },
  "GET /v1/u/:username/stats": {
    probes: (w) => [
      { label: "creator counts", url: `/v1/u/${w.creator.username}/stats`, refused: [] },
    ],
  },
  "GET /v1/u/:username/highlights": {
    probes: (w) => [
      // Titles and covers are public; the stories inside are not.
      { label: "highlights", url: `/v1/u/${w.creator.username}/highlights`, refused: [] },
    ],
  },
  "PATCH /v1/profile": {
    probes: (w) => [
      {
        label: "take the creator's username",
        method: "PATCH",
        url: "/v1/profile",
        payload: { username: w.creator.username },
        refusal: [401, 403, 409],
      },
      {
        label: "use the creator's private story as one's avatar",
        method: "PATCH",
        url: "/v1/profile",
        payload: { profilePic: w.storyKeys[0], bannerPic: w.mediaKeys[0] },
        refusal: [401, 403, 422],
      },
    ],
  },
  "POST /v1/profile/images": {
    probes: () => [
      {
        label: "upload a profile image",
        method: "POST",
        url: "/v1/profile/images",
        ...png("imagem"),
        refused: followers,
      },
    ],
  },

  // locked content
  "GET /v1/stories/:username": {
    probes: (w) => [{ label: "stories", url: `/v1/stories/${w.creator.username}` }],
  },
  "GET /v1/u/:username/stories": {
    probes: (w) => [{ label: "stories (u)", url: `/v1/u/${w.creator.username}/stories` }],
  },
  "GET /v1/u/:username/medias": {
    probes: (w) => [{ label: "photos", url: `/v1/u/${w.creator.username}/medias` }],
  },
  "POST /v1/stories/seen/:storyId": {
    probes: (w) => [
      { label: "mark a story seen", method: "POST", url: `/v1/stories/seen/${w.storyId}` },
    ],
  },
  "POST /v1/medias/:id/like": {
    probes: (w) => [{ label: "like a photo", method: "POST", url: `/v1/medias/${w.mediaId}/like` }],
  },
  "POST /v1/medias/:id/unlike": {
    probes: (w) => [
      { label: "unlike a photo", method: "POST", url: `/v1/medias/${w.mediaId}/unlike` },
    ],
  },
  "GET /v1/files/*": {
    probes: (w) => {
      const swap = (url: string, from: string, to: string) => url.replace(from, to)
      const [storyFile] = w.storyKeys
      const [mediaFile] = w.mediaKeys
      const freshExp = new URL(w.urls.freshStory, "http://x").searchParams.get("exp")!
      return [
        { label: "story link after it expired", url: w.urls.expiredStory },
        { label: "photo link after it expired", url: w.urls.expiredMedia },
        {
          label: "story link with a later expiry",
          url: swap(
            w.urls.expiredStory,
            /exp=\d+/.exec(w.urls.expiredStory)![0],
            `exp=${freshExp}`,
          ),
        },
        {
          label: "a photo's signature on the story file",
          url: swap(w.urls.freshMedia, mediaFile!, storyFile!),
        },
        { label: "story file without signature", url: `/v1/files/${storyFile}` },
        // Private media links are the viewer's own and short-lived.
        { label: "a follower's story link past its 5-minute lifetime", url: w.urls.lapsedStory },
        {
          label: "a follower's story link presented as another account's",
          url: withViewer(w.urls.freshStory, w.creator.id),
        },
        {
          label: "a follower's story link without its viewer (a shared link's shape)",
          url: withViewer(w.urls.freshStory, null),
        },
        {
          label: "a follower's photo link presented as another account's",
          url: withViewer(w.urls.freshMedia, w.admin.id),
        },
        {
          label: "story file with a made-up signature",
          url: `/v1/files/${storyFile}?exp=99999999999&sig=${"A".repeat(43)}`,
        },
        {
          label: "a path outside the media folder",
          url: `/v1/files/p/..%2f..%2f..%2fetc%2fpasswd?exp=99999999999&sig=x`,
        },
        {
          label: "an encoded path to the story file",
          url: swap(w.urls.freshMedia, mediaFile!, encodeURIComponent(storyFile!)),
        },
      ]
    },
  },

  // leads and events
  "POST /v1/performer/lead": {
    probes: () => [
      {
        label: "leave a lead",
        url: "/v1/performer/lead",
        payload: {
          instagram: "@curiosa",
          email: "curiosa@exemplo.com.br",
          whatsapp: "11912345678",
          token: captchaTokens.valid,
        },
        refused: [],
        writes: ["leads"],
      },
    ],
  },
  "POST /v1/events": {
    probes: (w) => [
      {
        label: "record a visit",
        url: "/v1/events",
        payload: { name: "profile", username: w.creator.username },
        refused: [],
        writes: ["analytics_events"],
      },
    ],
  },

  // billing: checkouts
  "POST /v1/:username/iugu/subscription/pix": {
    probes: (w) => [
      {
        label: "buy in the paying follower's name without signing in",
        url: `/v1/${w.creator.username}/iugu/subscription/pix`,
        payload: {
          email: w.paying.email,
          planName: "MONTHLY",
          typeAuth: "new_user",
          token: captchaTokens.valid,
        },
        only: signedOut,
        refusal: [409],
      },
      {
        label: "replay the guest's checkout from another browser (same e-mail and key)",
        url: `/v1/${w.creator.username}/iugu/subscription/pix`,
        headers: { "idempotency-key": w.guest.key },
        payload: {
          email: w.guest.email,
          planName: "MONTHLY",
          typeAuth: "new_user",
          token: captchaTokens.valid,
        },
        only: signedOut,
        refusal: [401, 403, 404, 409, 422],
      },
    ],
  },
  "POST /v1/:username/iugu/subscription/credit-card": {
    probes: (w) => [
      {
        label: "charge a card in the paying follower's name without signing in",
        url: `/v1/${w.creator.username}/iugu/subscription/credit-card`,
        payload: {
          email: w.paying.email,
          planName: "MONTHLY",
          creditCardToken: "token-de-cartao",
          token: captchaTokens.valid,
        },
        only: signedOut,
        refusal: [409],
      },
    ],
  },
  "POST /v1/:username/mp/subscription/pix": {
    probes: (w) => [
      {
        label: "Mercado Pago Pix without a session",
        url: `/v1/${w.creator.username}/mp/subscription/pix`,
        // Signed in, this is one's own purchase: a plan nobody sells keeps it from being made.
        payload: { planName: "ANUAL" },
        refused: signedOut,
      },
    ],
  },
  "POST /v1/:username/mp/subscription/card": {
    probes: (w) => [
      {
        label: "Mercado Pago card without a session",
        url: `/v1/${w.creator.username}/mp/subscription/card`,
        // Signed in, this is one's own purchase: a plan nobody sells keeps it from being made.
        payload: { planName: "ANUAL" },
        refused: signedOut,
      },
    ],
  },
  "POST /v1/:username/mp/subscription/link": {
    probes: (w) => [
      {
        label: "Mercado Pago link without a session",
        url: `/v1/${w.creator.username}/mp/subscription/link`,
        // Signed in, this is one's own purchase: a plan nobody sells keeps it from being made.
        payload: { planName: "ANUAL" },
        refused: signedOut,
      },
    ],
  },
  "POST /v1/:username/subscription/pix": {
    probes: (w) => [
      {
        label: "Pix to the creator's key without a session",
        url: `/v1/${w.pixCreator.username}/subscription/pix`,
        // Signed in, this is one's own purchase: a plan nobody sells keeps it from being made.
        payload: { planName: "ANUAL" },
        refused: signedOut,
      },
    ],
  },
  "POST /v1/:username/subscription/boleto": {
    probes: (w) => [
      {
        label: "boleto for the creator without a session",
        url: `/v1/${w.creator.username}/subscription/boleto`,
        // Signed in, this is one's own purchase: a plan nobody sells keeps it from being made.
        payload: { planName: "ANUAL", ...boletoPayer },
        refused: signedOut,
      },
    ],
  },
  "POST /v1/:username/subscription/pix/receipt": {
    probes: (w) => [
      {
        // Signed in, it can only ever be one's own subscription: nobody here has a Pix open.
        label: "send a receipt for the creator's Pix",
        url: `/v1/${w.pixCreator.username}/subscription/pix/receipt`,
        ...png("comprovante-falso"),
        refusal: [401, 409],
      },
    ],
  },

  // billing: one subscription or payment by id
  "GET /v1/:username/subscription": {
    probes: (w) => [own(`/v1/${w.creator.username}/subscription`, "one's subscription")],
  },
  "GET /v1/subscription/:id": {
    probes: (w) => [
      {
        label: "read the paying follower's subscription",
        url: `/v1/subscription/${w.payingSubscriptionId}`,
      },
      {
        label: "read a receipt's subscription",
        url: `/v1/subscription/${w.receiptSubscriptionId}`,
      },
    ],
  },
  "POST /v1/subscription/:id/cancel": {
    probes: (w) => [
      {
        label: "cancel the paying follower's subscription",
        method: "POST",
        url: `/v1/subscription/${w.payingSubscriptionId}/cancel`,
      },
    ],
  },
  "POST /v1/payment/subscription/credit/:id": {
    probes: (w) => [
      {
        label: "pay the paying follower's subscription by card",
        url: `/v1/payment/subscription/credit/${w.payingSubscriptionId}`,
        payload: { planName: "MONTHLY", creditCardToken: "token-de-cartao" },
      },
    ],
  },
  "POST /v1/payment/subscription/update/:id": {
    probes: (w) => [
      {
        label: "change the card of the paying follower's subscription",
        url: `/v1/payment/subscription/update/${w.payingSubscriptionId}`,
        payload: { creditCardToken: "token-de-cartao" },
      },
    ],
  },
  "POST /v1/payment/subscription/boleto/:id": {
    probes: (w) => [
      {
        label: "issue a boleto on the paying follower's subscription",
        url: `/v1/payment/subscription/boleto/${w.payingSubscriptionId}`,
        payload: { planName: "MONTHLY", ...boletoPayer },
      },
    ],
  },
  "GET /v1/iugu/cards": {
    probes: () => [own("/v1/iugu/cards", "one's saved cards")],
  },

  // billing: creator's receipts
  "GET /v1/studio/receipts": {
    probes: () => [studio("/v1/studio/receipts?status=all", "receipts")],
  },
  "POST /v1/studio/receipts/:paymentId/approve": {
    probes: (w) => [
      {
        label: "approve the creator's receipt",
        method: "POST",
        url: `/v1/studio/receipts/${w.receiptPaymentId}/approve`,
      },
    ],
  },
  "POST /v1/studio/receipts/:paymentId/reject": {
    probes: (w) => [
      {
        label: "reject the creator's receipt",
        method: "POST",
        url: `/v1/studio/receipts/${w.receiptPaymentId}/reject`,
      },
    ],
  },

  // billing: sandbox controls and gateways
  "POST /v1/sandbox/payments/:paymentId/pay": {
    probes: (w) => [
      {
        label: "pay the guest's pending Pix",
        method: "POST",
        url: `/v1/sandbox/payments/${w.guest.paymentId}/pay`,
      },
      {
        label: "pay the receipt in review",
        method: "POST",
        url: `/v1/sandbox/payments/${w.receiptPaymentId}/pay`,
      },
    ],
  },
  "POST /v1/sandbox/payments/:paymentId/refuse": {
    probes: (w) => [
      {
        label: "refuse the guest's pending Pix",
        method: "POST",
        url: `/v1/sandbox/payments/${w.guest.paymentId}/refuse`,
      },
    ],
  },
  "POST /v1/sandbox/subscriptions/:subscriptionId/pix-automatico/next-period": {
    probes: (w) => [
      {
        label: "debit the next Pix Automático period of the paying follower's subscription",
        method: "POST",
        url: `/v1/sandbox/subscriptions/${w.payingSubscriptionId}/pix-automatico/next-period`,
        payload: {},
      },
    ],
  },
  "POST /v1/sandbox/subscriptions/:subscriptionId/pix-automatico/authorization/pay": {
    probes: (w) => [
      {
        label: "approve the Pix Automático of the paying follower's subscription",
        method: "POST",
        url: `/v1/sandbox/subscriptions/${w.payingSubscriptionId}/pix-automatico/authorization/pay`,
      },
    ],
  },
  "POST /v1/sandbox/subscriptions/:subscriptionId/pix-automatico/authorization/refuse": {
    probes: (w) => [
      {
        label: "refuse the Pix Automático of the paying follower's subscription",
        method: "POST",
        url: `/v1/sandbox/subscriptions/${w.payingSubscriptionId}/pix-automatico/authorization/refuse`,
      },
    ],
  },
  "POST /v1/sandbox/iugu/payment_token": {
    probes: () => [
      {
        label: "tokenise a test card",
        url: "/v1/sandbox/iugu/payment_token",
        payload: {
          account_id: "sandbox",
          method: "credit_card",
          data: {
            number: "4111111111111111",
            verification_value: "123",
            first_name: "Ana",
            last_name: "Souza",
            month: "12",
            year: "2030",
          },
        },
        refused: [],
        writes: ["sandbox_objects"],
      },
    ],
  },
  "GET /v1/sandbox/qrcode/:provider/:file": {
    probes: () => [
      {
        label: "a QR code nobody issued",
        url: "/v1/sandbox/qrcode/iugu/inexistente.png",
        refusal: [404],
      },
    ],
  },
  "GET /v1/sandbox/boleto/:provider/:id": {
    probes: (w) => [
      {
        label: "a boleto nobody issued",
        url: "/v1/sandbox/boleto/iugu/inexistente",
        refusal: [404],
      },
      // The guest's invoice is a Pix, not a boleto.
      {
        label: "the guest's invoice as a boleto",
        url: `/v1/sandbox/boleto/iugu/${w.guest.invoiceId}`,
        refusal: [404],
      },
    ],
  },
  "POST /v1/webhooks/iugu": {
    probes: (w): Probe[] => [
      {
        label: "forged iugu notification",
        url: "/v1/webhooks/iugu",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: "adivinhado",
        },
        payload: `event=invoice.status_changed&data%5Bid%5D=${w.guest.invoiceId}&data%5Bstatus%5D=paid`,
        refusal: [401],
      },
      {
        label: "unsigned iugu notification",
        url: "/v1/webhooks/iugu",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `event=invoice.status_changed&data%5Bid%5D=${w.guest.invoiceId}`,
        refusal: [401],
      },
    ],
  },
  "POST /v1/webhooks/mercadopago": {
    probes: (w) => [
      {
        label: "Mercado Pago notification signed with a guessed secret",
        url: `/v1/webhooks/mercadopago?data.id=123&type=payment`,
        headers: {
          "x-signature": `ts=${Math.floor(w.t.clock.now().getTime() / 1000)},v1=${"0".repeat(64)}`,
          "x-request-id": "abc",
        },
        payload: { type: "payment", data: { id: "123" } },
        refusal: [401],
      },
      {
        label: "Mercado Pago notification without a signature",
        url: `/v1/webhooks/mercadopago?data.id=123&type=payment`,
        payload: { type: "payment", data: { id: "123" } },
        refusal: [401],
      },
    ],
  },

  // studio
  "GET /v1/studio/profile": {
    probes: () => [studio("/v1/studio/profile", "studio profile")],
  },
  "GET /v1/studio/plans": {
    probes: () => [studio("/v1/studio/plans", "studio plans")],
  },
  "PUT /v1/studio/plans": {
    probes: () => [
      {
        label: "change plans",
        method: "PUT",
        url: "/v1/studio/plans",
        payload: { plans: [{ name: "MONTHLY", active: true, valueCents: 500 }] },
        refused: followers,
        // Another creator changes her own plans: allowed, but nothing of the victims'.
        writes: ["plans"],
      },
    ],
  },
  "GET /v1/studio/receiving": {
    probes: () => [studio("/v1/studio/receiving", "how the creator receives")],
  },
  "PATCH /v1/studio/receiving": {
    probes: () => [
      {
        label: "pause sales",
        method: "PATCH",
        url: "/v1/studio/receiving",
        payload: { migrating: false },
        refused: followers,
        writes: ["profiles"],
      },
    ],
  },
  "GET /v1/studio/stories": {
    probes: () => [studio("/v1/studio/stories", "studio stories")],
  },
  "POST /v1/studio/stories": {
    probes: () => [
      {
        label: "publish a story",
        method: "POST",
        url: "/v1/studio/stories",
        ...png("story"),
        refused: followers,
        writes: ["stories"],
      },
    ],
  },
  "DELETE /v1/studio/stories/:id": {
    probes: (w) => [
      {
        label: "delete the creator's story",
        method: "DELETE",
        url: `/v1/studio/stories/${w.storyId}`,
      },
    ],
  },
  "GET /v1/studio/medias": {
    probes: () => [studio("/v1/studio/medias", "studio photos")],
  },
  "POST /v1/studio/medias": {
    probes: () => [
      {
        label: "publish a photo",
        method: "POST",
        url: "/v1/studio/medias",
        ...png("foto"),
        refused: followers,
        writes: ["medias"],
      },
    ],
  },
  "PATCH /v1/studio/medias/:id": {
    probes: (w) => [
      {
        label: "rewrite the creator's caption",
        method: "PATCH",
        url: `/v1/studio/medias/${w.mediaId}`,
        payload: { description: "invadido" },
      },
    ],
  },
  "DELETE /v1/studio/medias/:id": {
    probes: (w) => [
      {
        label: "delete the creator's photo",
        method: "DELETE",
        url: `/v1/studio/medias/${w.mediaId}`,
      },
    ],
  },
  "GET /v1/studio/scheduled": {
    probes: () => [studio("/v1/studio/scheduled", "scheduled photos and stories")],
  },
  "PATCH /v1/studio/scheduled/:kind/:id": {
    probes: (w) => [
      {
        label: "move the creator's scheduled photo to now",
        method: "PATCH",
        url: `/v1/studio/scheduled/photo/${w.scheduled.mediaId}`,
        payload: { scheduledFor: new Date(w.t.clock.now().getTime() + 60_000).toISOString() },
      },
    ],
  },
  "POST /v1/studio/scheduled/:kind/:id/publish": {
    probes: (w) => [
      {
        label: "publish the creator's scheduled story before its time",
        method: "POST",
        url: `/v1/studio/scheduled/story/${w.scheduled.storyId}/publish`,
      },
    ],
  },
  "GET /v1/studio/highlights": {
    probes: () => [studio("/v1/studio/highlights", "studio highlights")],
  },
  "POST /v1/studio/highlights": {
    probes: (w) => [
      {
        label: "put the creator's story in one's own highlight",
        method: "POST",
        url: "/v1/studio/highlights",
        payload: { title: "Roubado", storyIds: [w.storyId] },
        refusal: [401, 403, 404, 422],
      },
      {
        label: "use the creator's story as one's highlight cover",
        method: "POST",
        url: "/v1/studio/highlights",
        payload: { title: "Capa", storyIds: [w.otherCreatorStoryId], cover: w.storyKeys[1] },
        refusal: [401, 403, 422],
      },
    ],
  },
  "PATCH /v1/studio/highlights/:id": {
    probes: (w) => [
      {
        label: "rename the creator's highlight",
        method: "PATCH",
        url: `/v1/studio/highlights/${w.highlightId}`,
        payload: { title: "invadido" },
      },
    ],
  },
  "DELETE /v1/studio/highlights/:id": {
    probes: (w) => [
      {
        label: "delete the creator's highlight",
        method: "DELETE",
        url: `/v1/studio/highlights/${w.highlightId}`,
      },
    ],
  },
  "GET /v1/studio/subscribers": {
    probes: () => [studio("/v1/studio/subscribers", "subscribers")],
  },
  "POST /v1/studio/whitelist": {
    probes: (w) => [
      {
        // Another creator may invite anyone to her own list; it must not touch this creator's.
        label: "invite to the lista VIP",
        method: "POST",
        url: "/v1/studio/whitelist",
        payload: { email: w.outsiderEmail },
        refused: followers,
        writes: ["vip_invites", "mail_outbox"],
      },
    ],
  },
  "GET /v1/studio/whitelist/invites": {
    probes: () => [studio("/v1/studio/whitelist/invites", "pending invitations to the lista VIP")],
  },
  "DELETE /v1/studio/whitelist/invites/:inviteId": {
    probes: (w) => [
      {
        label: "withdraw the creator's pending invitation",
        method: "DELETE",
        url: `/v1/studio/whitelist/invites/${w.vipInviteId}`,
      },
    ],
  },
  "GET /v1/studio/coupons": {
    probes: () => [studio("/v1/studio/coupons", "coupons with their uses and revenue")],
  },
  "POST /v1/studio/coupons": {
    probes: (w) => [
      {
        // Another creator may make her own coupon with the same code; it never touches this one.
        label: "create a coupon",
        method: "POST",
        url: "/v1/studio/coupons",
        payload: {
          code: w.couponCode,
          kind: "percent",
          percentOff: 90,
          planIds: [crypto.randomUUID()],
          maxUses: null,
          expiresAt: null,
        },
        refused: followers,
      },
    ],
  },
  "PATCH /v1/studio/coupons/:couponId": {
    probes: (w) => [
      {
        label: "end the creator's coupon",
        method: "PATCH",
        url: `/v1/studio/coupons/${w.couponId}`,
        payload: { status: "ended" },
      },
    ],
  },
  "GET /v1/:username/coupons/:code": {
    probes: (w) => [
      {
        label: "a coupon's public discount",
        url: `/v1/${w.creator.username}/coupons/${w.couponCode}`,
        refused: [],
      },
    ],
  },
  "POST /v1/vip-invites/accept": {
    probes: (w) => [
      {
        // The link's token reached the wrong hands: only the invited e-mail's account may use it.
        label: "accept someone else's invitation to the lista VIP with its token",
        method: "POST",
        url: "/v1/vip-invites/accept",
        payload: { token: w.vipInviteToken },
      },
    ],
  },
  "DELETE /v1/studio/whitelist/:subscriptionId": {
    probes: (w) => [
      {
        label: "remove someone from the creator's lista VIP",
        method: "DELETE",
        url: `/v1/studio/whitelist/${w.vipSubscriptionId}`,
      },
    ],
  },
  "GET /v1/studio/numbers": {
    probes: () => [studio("/v1/studio/numbers", "numbers")],
  },

  // new-content notifications
  "GET /v1/notifications/push-key": {
    probes: () => [{ label: "VAPID public key", url: "/v1/notifications/push-key", refused: [] }],
  },
  "GET /v1/u/:username/notifications": {
    probes: (w) => [
      own(`/v1/u/${w.creator.username}/notifications`, "one's own notification choice"),
    ],
  },
  "PUT /v1/u/:username/notifications": {
    probes: (w) =>
      [true, false].map((enabled) =>
        own(
          `/v1/u/${w.creator.username}/notifications`,
          `turn one's own notifications ${enabled ? "on" : "off"}`,
          {
            method: "PUT",
            payload: { enabled },
            writes: ["notification_opt_ins"],
          },
        ),
      ),
  },
  "GET /v1/account/notifications": {
    probes: () => [own("/v1/account/notifications", "the creators one hears from")],
  },
  "POST /v1/account/push-subscriptions": {
    probes: (w) => [
      own(
        "/v1/account/push-subscriptions",
        "take over the paying follower's browser by its endpoint",
        {
          method: "POST",
          payload: {
            endpoint: w.pushEndpoint,
            keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
          },
          writes: ["push_subscriptions"],
        },
      ),
    ],
  },
  "DELETE /v1/account/push-subscriptions": {
    probes: (w) => [
      own("/v1/account/push-subscriptions", "forget the paying follower's browser", {
        method: "DELETE",
        payload: { endpoint: w.pushEndpoint },
      }),
    ],
  },
  "POST /v1/notifications/unsubscribe": {
    probes: (w) => [
      {
        label: "unsubscribe the paying follower with a token altered by one character",
        method: "POST",
        url: `/v1/notifications/unsubscribe?token=${w.unsubscribeToken.slice(0, -1)}${w.unsubscribeToken.endsWith("A") ? "B" : "A"}`,
      },
      {
        label: "unsubscribe the paying follower with her ids and no signature",
        method: "POST",
        url: `/v1/notifications/unsubscribe?token=${w.unsubscribeToken.split(".")[0]}.`,
      },
    ],
  },

  // the person's own account (LGPD)
  "GET /v1/account/export": {
    probes: () => [own("/v1/account/export", "export one's data")],
  },
  "POST /v1/account/close": {
    probes: () => [
      {
        label: "close an account without its password",
        method: "POST",
        url: "/v1/account/close",
        payload: { password: "nao-sei-a-senha" },
        refusal: [401, 409, 422],
      },
    ],
  },

  // operators
  "GET /v1/admin/leads": {
    probes: () => [{ label: "leads", url: "/v1/admin/leads" }],
  },
  "POST /v1/admin/leads/:id/contacted": {
    probes: (w) => [
      {
        label: "mark a lead contacted",
        method: "POST",
        url: `/v1/admin/leads/${w.leadId}/contacted`,
        payload: { contacted: true },
      },
    ],
  },
  "POST /v1/admin/leads/:id/invite": {
    probes: (w) => [
      {
        label: "invite a lead",
        method: "POST",
        url: `/v1/admin/leads/${w.leadId}/invite`,
        payload: {},
      },
    ],
  },
  "POST /v1/admin/leads/:id/invite/resend": {
    probes: (w) => [
      {
        label: "resend a lead's invite",
        method: "POST",
        url: `/v1/admin/leads/${w.leadId}/invite/resend`,
      },
    ],
  },
  "GET /v1/admin/creators": {
    probes: () => [{ label: "creators", url: "/v1/admin/creators" }],
  },
  "POST /v1/admin/creators/:id/ban": {
    probes: (w) => [
      {
        label: "ban the creator",
        method: "POST",
        url: `/v1/admin/creators/${w.creator.profileId}/ban`,
        payload: { banned: true },
      },
    ],
  },
  "GET /v1/admin/subscriptions": {
    probes: (w) => [
      {
        label: "search subscriptions",
        url: `/v1/admin/subscriptions?q=${encodeURIComponent(w.paying.email)}`,
      },
    ],
  },
  "GET /v1/admin/subscriptions/:id/audit": {
    probes: (w) => [
      {
        label: "a subscription's audit",
        url: `/v1/admin/subscriptions/${w.payingSubscriptionId}/audit`,
      },
    ],
  },
  "GET /v1/admin/mail/dead": {
    probes: () => [{ label: "dead mail", url: "/v1/admin/mail/dead" }],
  },
  "GET /v1/admin/mail/outbox": {
    probes: () => [{ label: "the sandbox outbox", url: "/v1/admin/mail/outbox" }],
  },
  "POST /v1/admin/mail/:id/resend": {
    probes: (w) => [
      {
        label: "resend a dead mail",
        method: "POST",
        url: `/v1/admin/mail/${w.deadMailId}/resend`,
      },
    ],
  },
}

/** Routes served by the OpenAPI plugin: the documentation, public by design and not attacked here. */
export const isDocumentation = (url: string) => url === "/v1/docs" || url.startsWith("/v1/docs/")
