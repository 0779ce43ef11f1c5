import { randomBytes, randomUUID } from "node:crypto"
import { and, eq } from "drizzle-orm"
import { SignJWT } from "jose"
import { CheckoutResponseSchema, SubscriptionSchema } from "../../../src/domain/models.ts"
import { leads, plans, profiles } from "../../src/db/schema.ts"
import { payments, subscriptions, vipInvites } from "../../src/db/schema-billing.ts"
import { createUnsubscribeTokens } from "../../src/modules/notifications/unsubscribe-token.ts"
import { pushSubscriptions } from "../../src/db/schema-notifications.ts"
import { mailOutbox } from "../../src/db/schema-mail.ts"
import { tokenAudience, tokenIssuer } from "../../src/plugins/tokens.ts"
import { captchaTokens } from "../fake-recaptcha.ts"
import {
  createTestApp,
  tinyPng,
  type TestAccount,
  type TestApp,
  type TestAppOverrides,
  type TestCreator,
} from "../test-app.ts"

export const attackerNames = [
  "anonymous",
  "forged token",
  "other follower",
  "other creator",
  "expired follower",
  "cancelled and ended follower",
] as const
export type AttackerName = (typeof attackerNames)[number]

export interface Attacker {
  name: AttackerName
  token?: string
  /** Each attacker comes from its own address, so one's rate limit never hides another's answer. */
  ip: string
  account?: TestAccount
}

/** A multipart/form-data body with one file field and optional text fields. */
export function multipart(
  file: { content: Buffer; filename: string; type: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----closer-${randomBytes(6).toString("hex")}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  }
}

/** A valid PNG followed by bytes nobody else has: finding them in a response is a leak. */
export function markedPng(marker: string) {
  return Buffer.concat([tinyPng, Buffer.from(marker)])
}

/**
 * Creators, followers and their private things (content, subscriptions, payments, receipts,
 * lista VIP, a lead) that the attackers try to reach, and the markers that must never come back.
 */
export interface World {
  t: TestApp
  admin: TestAccount
  /** Sells by iugu (sandbox): stories, photos, a highlight, paying and pending followers. */
  creator: TestCreator
  /** Receives Pix on her own key: a receipt waits for her review. */
  pixCreator: TestCreator
  paying: TestAccount
  payingSubscriptionId: string
  payingPaymentId: string
  /** Bought as a guest (no session): the checkout's e-mail and Idempotency-Key. */
  guest: { email: string; key: string; accountId: string; paymentId: string; invoiceId: string }
  receiptPaymentId: string
  receiptSubscriptionId: string
  vipSubscriptionId: string
  /** An invitation to the creator's lista VIP nobody accepted yet, and its mailed token. */
  vipInviteId: string
  vipInviteToken: string
  /** The paying follower's browser, subscribed to push. */
  pushEndpoint: string
  /** The paying follower's digest unsubscribe token for the creator, as her mail carries it. */
  unsubscribeToken: string
  /** The creator's coupon: only she may pause or end it. */
  couponId: string
  couponCode: string
  leadId: string
  /** A mail the outbox gave up on: its recipient and code are for the operators only. */
  deadMailId: string
  /** An account that is nobody's victim: another creator may put it on her own lista VIP. */
  outsiderEmail: string
  otherCreatorStoryId: string
  storyId: string
  mediaId: string
  highlightId: string
  /** The creator's story and photo waiting for their time, and what of them must never leak. */
  scheduled: { storyId: string; mediaId: string; markers: string[]; contentMarkers: string[] }
  storyKeys: string[]
  mediaKeys: string[]
  urls: {
    /** Signed while the expired follower still had access; now past its own expiry. */
    expiredStory: string
    expiredMedia: string
    /** Signed a moment ago for the paying follower. */
    freshStory: string
    freshMedia: string
    /** Signed for the paying follower one private-link lifetime (5 minutes) and a second ago. */
    lapsedStory: string
  }
  attackers: Attacker[]
  /** Strings of the victims that no attacker's response may contain. */
  markers: string[]
  /** Bytes of private files that no attacker's response may contain. */
  contentMarkers: string[]
  /** Account ids whose session tokens no attacker may obtain. */
  victimIds: string[]
}

const json = (body: string) => JSON.parse(body) as Record<string, unknown>

export async function buildWorld(overrides: TestAppOverrides = {}): Promise<World> {
  const t = await createTestApp(overrides)
  const ok = async (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`)
    return json(res.body)
  }

  const admin = await t.createAccount({ role: "admin" })
  const creator = await t.createCreator({ paymentGateway: "iugu" })
  const pixCreator = await t.createCreator({ paymentGateway: "bacen" })
  await t.db
    .update(profiles)
    .set({ pixType: "email", pixKey: "recebimentos@exemplo.com.br" })
    .where(eq(profiles.id, pixCreator.profileId))

  // Private content whose bytes are unique to this run.
  const contentMarkers = Array.from({ length: 4 }, () => `segredo-${randomUUID()}`)
  const story = await t.createStory(creator.profileId)
  await t.storage.put(story.fileKey, Buffer.from(`video ${contentMarkers[0]}`))
  await t.storage.put(story.posterKey!, markedPng(contentMarkers[1]!))
  const media = await t.createMedia(creator.profileId)
  await t.storage.put(media.fileKey, markedPng(contentMarkers[2]!))
  await t.storage.put(media.thumbKey, markedPng(contentMarkers[3]!))
  const highlight = await t.createHighlight(creator.profileId, "Viagem", [story.id])
  // A story and a photo scheduled for tomorrow: until then only the creator may see them.
  const tomorrow = new Date(t.clock.now().getTime() + 24 * 60 * 60_000)
  const scheduledStory = await t.createStory(creator.profileId, { scheduledFor: tomorrow })
  const scheduledMedia = await t.createMedia(creator.profileId, { scheduledFor: tomorrow })
  const scheduledBytes = Array.from({ length: 3 }, () => `programado-${randomUUID()}`)
  await t.storage.put(scheduledStory.posterKey!, markedPng(scheduledBytes[0]!))
  await t.storage.put(scheduledMedia.fileKey, markedPng(scheduledBytes[1]!))
  await t.storage.put(scheduledMedia.thumbKey, markedPng(scheduledBytes[2]!))
  contentMarkers.push(...scheduledBytes)
  const scheduled = {
    storyId: scheduledStory.id,
    mediaId: scheduledMedia.id,
    markers: [
      scheduledStory.id,
      scheduledMedia.id,
      scheduledStory.fileKey,
      scheduledStory.posterKey!,
      scheduledMedia.fileKey,
      scheduledMedia.thumbKey,
    ],
    contentMarkers: scheduledBytes,
  }

  // A follower who paid through the sandbox gateway, as the app does it.
  const paying = await t.createAccount()
  const bought = CheckoutResponseSchema.parse(
    await ok(
      await t.inject({
        method: "POST",
        url: `/v1/${creator.username}/iugu/subscription/pix`,
        token: paying.token,
        payload: { planName: "MONTHLY" },
      }),
      "checkout of the paying follower",
    ),
  )
  const payingPaymentId = bought.subscription.payment!.id
  await ok(
    await t.inject({
      method: "POST",
      url: `/v1/sandbox/payments/${payingPaymentId}/pay`,
      token: paying.token,
    }),
    "sandbox payment",
  )

  // A guest checkout: the account is created by the purchase, which is still pending.
  const guestEmail = `convidada.${randomBytes(4).toString("hex")}@exemplo.com.br`
  const guestKey = randomUUID()
  const guestCheckout = CheckoutResponseSchema.parse(
    await ok(
      await t.inject({
        method: "POST",
        url: `/v1/${creator.username}/iugu/subscription/pix`,
        headers: { "idempotency-key": guestKey },
        remoteAddress: "198.51.100.200",
        payload: {
          email: guestEmail,
          planName: "MONTHLY",
          typeAuth: "new_user",
          token: captchaTokens.valid,
        },
      }),
      "guest checkout",
    ),
  )
  const guestPaymentId = guestCheckout.subscription.payment!.id
  const [guestPayment] = await t.db.select().from(payments).where(eq(payments.id, guestPaymentId))

  // A Pix to the creator's own key with its receipt waiting for review.
  const sender = await t.createAccount()
  const pix = SubscriptionSchema.parse(
    await ok(
      await t.inject({
        method: "POST",
        url: `/v1/${pixCreator.username}/subscription/pix`,
        token: sender.token,
        payload: { planName: "MONTHLY" },
      }),
      "Pix to the creator's key",
    ),
  )
  const receiptMarker = `comprovante-${randomUUID()}`
  contentMarkers.push(receiptMarker)
  const receipt = multipart({
    content: markedPng(receiptMarker),
    filename: "comprovante.png",
    type: "image/png",
  })
  await ok(
    await t.inject({
      method: "POST",
      url: `/v1/${pixCreator.username}/subscription/pix/receipt`,
      token: sender.token,
      ...receipt,
    }),
    "receipt upload",
  )
  const [receiptPayment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.id, pix.payment!.id))
  // The stored receipt is written again without the trailing bytes: marked as stored instead.
  await t.storage.put(receiptPayment!.receiptKey!, markedPng(receiptMarker))

  // Someone on the creator's lista VIP (invited, and she accepted), and an invitation pending.
  const mailedInviteToken = async (email: string) => {
    for (let tries = 0; tries < 100; tries++) {
      const mail = t.mailer.lastTo(email)
      const link = mail && /https?:\/\/\S+\/vip\?convite=[\w-]+/.exec(mail.text)
      if (link) return new URL(link[0]).searchParams.get("convite")!
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no invitation mailed to ${email}`)
  }
  const inviteVip = async (email: string) =>
    ok(
      await t.inject({
        method: "POST",
        url: "/v1/studio/whitelist",
        token: creator.token,
        payload: { email },
      }),
      "lista VIP",
    )
  const [monthly] = await t.db.select().from(plans).where(eq(plans.profileId, creator.profileId))
  const coupon = (await ok(
    await t.inject({
      method: "POST",
      url: "/v1/studio/coupons",
      token: creator.token,
      payload: {
        code: "VITIMA10",
        kind: "percent",
        percentOff: 10,
        planIds: [monthly!.id],
        maxUses: null,
        expiresAt: null,
      },
    }),
    "cupom",
  )) as unknown as { couponId: string; code: string }
  const vip = await t.createAccount()
  await inviteVip(vip.email)
  await ok(
    await t.inject({
      method: "POST",
      url: "/v1/vip-invites/accept",
      token: vip.token,
      payload: { token: await mailedInviteToken(vip.email) },
    }),
    "convite aceito",
  )
  const [vipRow] = await t.db
    .select({ subscriptionId: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, vip.id), eq(subscriptions.profileId, creator.profileId)))
  const invitedEmail = `convidada.${randomBytes(4).toString("hex")}@exemplo.com.br`
  await inviteVip(invitedEmail)
  const vipInviteToken = await mailedInviteToken(invitedEmail)
  const [pendingInvite] = await t.db
    .select({ id: vipInvites.id })
    .from(vipInvites)
    .where(eq(vipInvites.email, invitedEmail))

  // The paying follower hears of the creator's news on her browser: her choice and her browser
  // are hers alone, and the digest's unsubscribe link works only as signed.
  await ok(
    await t.inject({
      method: "PUT",
      url: `/v1/u/${creator.username}/notifications`,
      token: paying.token,
      payload: { enabled: true },
    }),
    "avisos ligados",
  )
  const pushEndpoint = `https://push.exemplo.com.br/${randomBytes(12).toString("hex")}`
  // Written as the route writes it: the battery's app has no VAPID pair, so no push route takes it.
  await t.db.insert(pushSubscriptions).values({
    accountId: paying.id,
    endpoint: pushEndpoint,
    p256dh: randomBytes(65).toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  })
  const unsubscribeToken = createUnsubscribeTokens(t.config.jwtSecret).make(
    paying.id,
    creator.profileId,
  )

  const [lead] = await t.db
    .insert(leads)
    .values({
      instagram: `@lead.${randomBytes(3).toString("hex")}`,
      email: `lead.${randomBytes(4).toString("hex")}@exemplo.com.br`,
      whatsapp: "11987654321",
      createdAt: t.clock.now(),
    })
    .returning()

  const deadMailTo = `parado.${randomBytes(4).toString("hex")}@exemplo.com.br`
  const deadMailCode = randomBytes(6).toString("hex")
  const [deadMail] = await t.db
    .insert(mailOutbox)
    .values({
      to: deadMailTo,
      subject: "Seu código de recuperação",
      text: `Seu código é ${deadMailCode}`,
      html: `<p>Seu código é ${deadMailCode}</p>`,
      status: "dead",
      attempts: 8,
      nextAttemptAt: t.clock.now(),
      lastError: "connect ECONNREFUSED",
      failedAt: t.clock.now(),
    })
    .returning()

  // Followers who had access until a minute from now, and kept the links they were given.
  const expired = await t.createAccount()
  await t.createSubscription({
    accountId: expired.id,
    profileId: creator.profileId,
    status: "paid",
    currentPeriodEnd: new Date(t.clock.now().getTime() + 60_000),
  })
  const cancelled = await t.createAccount()
  const cancelledRow = await t.createSubscription({
    accountId: cancelled.id,
    profileId: creator.profileId,
    status: "canceled",
    currentPeriodEnd: new Date(t.clock.now().getTime() + 60_000),
  })
  await t.db
    .update(subscriptions)
    .set({ canceledDate: t.clock.now() })
    .where(eq(subscriptions.id, cancelledRow.id))
  const contentUrls = async (token: string) => {
    const stories = (await ok(
      await t.inject({ url: `/v1/u/${creator.username}/stories`, token }),
      "stories while subscribed",
    )) as unknown as Array<{ src: string }>
    const medias = (await ok(
      await t.inject({ url: `/v1/u/${creator.username}/medias`, token }),
      "photos while subscribed",
    )) as unknown as Array<{ src: string }>
    return { story: stories[0]!.src, media: medias[0]!.src }
  }
  const before = await contentUrls(expired.token)
  await contentUrls(cancelled.token)

  // Two hours later: both periods ended and the links signed then have expired. The paying
  // follower's links of 5 minutes and a second ago are past their lifetime too.
  const privateLinkLifetimeMs = (t.config.privateMediaTtlSeconds ?? 300) * 1000
  t.clock.advance(2 * 60 * 60_000 - privateLinkLifetimeMs - 1000)
  const lapsed = await contentUrls(paying.token)
  t.clock.advance(privateLinkLifetimeMs + 1000)
  const fresh = await contentUrls(paying.token)

  const otherFollower = await t.createAccount()
  const otherCreator = await t.createCreator({ paymentGateway: "iugu" })
  const otherCreatorStory = await t.createStory(otherCreator.profileId)
  const outsider = await t.createAccount()
  const forged = await new SignJWT({ role: "admin", ver: 0 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(admin.id)
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(randomBytes(32).toString("base64url")))

  const attackers: Attacker[] = [
    { name: "anonymous", ip: "203.0.113.1" },
    { name: "forged token", token: forged, ip: "203.0.113.2" },
    {
      name: "other follower",
      token: otherFollower.token,
      ip: "203.0.113.3",
      account: otherFollower,
    },
    { name: "other creator", token: otherCreator.token, ip: "203.0.113.4", account: otherCreator },
    { name: "expired follower", token: expired.token, ip: "203.0.113.5", account: expired },
    {
      name: "cancelled and ended follower",
      token: cancelled.token,
      ip: "203.0.113.6",
      account: cancelled,
    },
  ]

  const guestAccountId = guestCheckout.subscription.id
    ? (
        await t.db
          .select({ accountId: subscriptions.accountId })
          .from(subscriptions)
          .where(eq(subscriptions.id, guestCheckout.subscription.id))
      )[0]!.accountId
    : ""
  const victims = [admin, creator, pixCreator, paying, sender, vip]
  const storyKeys = [story.fileKey, story.posterKey!]
  const mediaKeys = [media.fileKey, media.thumbKey]
  const markers = [
    ...victims.flatMap((account) => [account.email, account.id]),
    guestEmail,
    guestAccountId,
    bought.subscription.id,
    payingPaymentId,
    guestPaymentId,
    guestCheckout.subscription.id,
    pix.id,
    pix.payment!.id,
    receiptPayment!.receiptKey!,
    vipRow!.subscriptionId,
    invitedEmail,
    vipInviteToken,
    pendingInvite!.id,
    story.id,
    media.id,
    ...scheduled.markers,
    ...storyKeys,
    ...mediaKeys,
    lead!.email,
    lead!.instagram,
    deadMailTo,
    deadMailCode,
  ]

  return {
    t,
    admin,
    creator,
    pixCreator,
    paying,
    payingSubscriptionId: bought.subscription.id,
    payingPaymentId,
    guest: {
      email: guestEmail,
      key: guestKey,
      accountId: guestAccountId,
      paymentId: guestPaymentId,
      invoiceId: guestPayment!.providerPaymentId!,
    },
    receiptPaymentId: pix.payment!.id,
    receiptSubscriptionId: pix.id,
    vipSubscriptionId: vipRow!.subscriptionId,
    vipInviteId: pendingInvite!.id,
    vipInviteToken,
    pushEndpoint,
    unsubscribeToken,
    couponId: coupon.couponId,
    couponCode: coupon.code,
    leadId: lead!.id,
    deadMailId: deadMail!.id,
    outsiderEmail: outsider.email,
    otherCreatorStoryId: otherCreatorStory.id,
    storyId: story.id,
    mediaId: media.id,
    highlightId: highlight.id,
    scheduled,
    storyKeys,
    mediaKeys,
    urls: {
      expiredStory: before.story,
      expiredMedia: before.media,
      freshStory: fresh.story,
      freshMedia: fresh.media,
      lapsedStory: lapsed.story,
    },
    attackers,
    markers,
    contentMarkers,
    victimIds: [...victims.map((account) => account.id), guestAccountId],
  }
}
