import { z } from "zod"
import {
  paymentGateways,
  paymentMethods,
  paymentStatuses,
  pixKeyTypes,
  planNames,
  roles,
  subscriptionStatuses,
} from "./model-names.ts"
import type { ImageSet } from "./images.ts"

export {
  paymentGateways,
  paymentMethods,
  paymentStatuses,
  pixKeyTypes,
  planNames,
  roles,
  subscriptionStatuses,
}

/**
 * The shapes that cross the wire between the /v1 API and the app. The server validates its
 * responses against these schemas, `src/api` parses answers with them (the reads of the first
 * pages with the light checks of src/api/wire.ts, which keep zod out of the first download),
 * and screens take them as props. Money is integer cents (`...Cents`); instants are ISO-8601
 * strings in UTC.
 */

export const PlanNameSchema = z.enum(planNames)
export type PlanName = z.infer<typeof PlanNameSchema>

export const PaymentGatewaySchema = z.enum(paymentGateways)
export type PaymentGateway = z.infer<typeof PaymentGatewaySchema>

export const PaymentMethodSchema = z.enum(paymentMethods)
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

export const SubscriptionStatusSchema = z.enum(subscriptionStatuses)
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const PaymentStatusSchema = z.enum(paymentStatuses)
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const PixKeyTypeSchema = z.enum(pixKeyTypes)
export type PixKeyType = z.infer<typeof PixKeyTypeSchema>

export const RoleSchema = z.enum(roles)
export type Role = z.infer<typeof RoleSchema>

export const PlanSchema = z.object({
  id: z.string(),
  name: PlanNameSchema,
  /** Price of the whole period, in cents, without the service fee. */
  valueCents: z.number().int().nonnegative(),
})
export type Plan = z.infer<typeof PlanSchema>

export const ImageSetSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  avif: z.string(),
  webp: z.string(),
  jpeg: z.string(),
  src: z.string(),
}) satisfies z.ZodType<ImageSet>

export const ProfileAccountSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePic: z.string().nullable(),
  bio: z.string(),
  verified: z.boolean(),
})

export const ProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  bio: z.string(),
  profilePic: z.string().nullable(),
  bannerPic: z.string().nullable(),
  /** Renditions of the avatar and the banner; absent when there is no picture. */
  profilePicImage: ImageSetSchema.optional(),
  bannerPicImage: ImageSetSchema.optional(),
  verified: z.boolean(),
  /** The plans on sale, in the order MONTHLY, QUARTERLY, SEMIANNUAL. */
  plans: z.array(PlanSchema),
  account: ProfileAccountSchema,
  billing: z.object({ name: z.string() }),
  subscription: z.object({
    plans: z.array(z.object({ name: PlanNameSchema, value: z.number() })),
    paymentMethods: z.array(PaymentMethodSchema),
  }),
  paymentGateway: PaymentGatewaySchema,
  pix: z.object({ type: PixKeyTypeSchema, key: z.string() }).nullable(),
  migrating: z.boolean(),
  banned: z.boolean().default(false),
})
export type Profile = z.infer<typeof ProfileSchema>

export const ProfileStatsSchema = z.object({
  medias: z.number().int().nonnegative(),
  highlights: z.number().int().nonnegative(),
  stories: z.number().int().nonnegative(),
})
export type ProfileStats = z.infer<typeof ProfileStatsSchema>

export const StorySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Signed, short-lived URL of the video or image. */
  src: z.string(),
  /** Poster image shown before the video plays. */
  displayUrl: z.string().nullable(),
  kind: z.enum(["video", "image"]),
  /** Renditions of the image, or of the video's poster once it has one. */
  image: ImageSetSchema.optional(),
  processed: z.boolean(),
  stats: z.object({ users: z.number().int().nonnegative() }).optional(),
  /** When the signed links above stop working: the app fetches the list again before then. */
  linksExpireAt: z.string().optional(),
})
export type Story = z.infer<typeof StorySchema>

export const HighlightSchema = z.object({
  _id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  coverImage: ImageSetSchema.optional(),
  storiesCount: z.number().int().nonnegative(),
  /** Present only for viewers with access to the creator's content. */
  stories: z.array(StorySchema).optional(),
})
export type Highlight = z.infer<typeof HighlightSchema>

export const MediaSchema = z.object({
  _id: z.string(),
  src: z.string(),
  thumb: z.string(),
  /** Renditions of the 4:5 grid tile and of the whole photo (feed and viewer). */
  thumbImage: ImageSetSchema.optional(),
  image: ImageSetSchema.optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  description: z.string().nullable(),
  createdAt: z.string(),
  hasLiked: z.boolean(),
  /** When the signed links above stop working: the app fetches the list again before then. */
  linksExpireAt: z.string().optional(),
})
export type Media = z.infer<typeof MediaSchema>

export const PaymentSchema = z.object({
  _id: z.string(),
  id: z.string(),
  status: PaymentStatusSchema,
  amountCents: z.number().int().nonnegative(),
  paymentMethod: PaymentMethodSchema,
  paymentGateway: PaymentGatewaySchema,
  boletoUrl: z.string().nullable(),
  /** Pix copy-and-paste code (BR Code). */
  pixCode: z.string().nullable(),
  /** Address of a page or image with the Pix QR code, when the gateway provides one. */
  pixUrl: z.string().nullable(),
  /**
   * The mask of the code's QR (0 to 7), sent on a subscription's read so the page need not try
   * all eight to draw it; absent elsewhere.
   */
  pixQrMask: z.number().int().min(0).max(7).nullable().optional(),
  receiptUrl: z.string().nullable(),
  /** When `receiptUrl`, signed for the reader, stops working. */
  receiptUrlExpiresAt: z.string().nullable().optional(),
  receiptManualApproved: z.boolean().nullable(),
  createdAt: z.string(),
  /** When the Pix code stops being payable (30 minutes after creation). */
  expiresAt: z.string().nullable(),
})
export type Payment = z.infer<typeof PaymentSchema>

export const SubscriptionSchema = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The follower's account id. */
  from: z.string(),
  /** The creator's username. */
  to: z.string(),
  performer: ProfileAccountSchema.pick({
    username: true,
    fullName: true,
    profilePic: true,
  }).extend({
    /** The avatar's renditions; absent when there is no picture. */
    profilePicImage: ImageSetSchema.optional(),
  }),
  menageUrl: z.string().nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  plan: PlanSchema.nullable(),
  payment: PaymentSchema.nullable(),
  status: SubscriptionStatusSchema,
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  canceledDate: z.string().nullable(),
  refundedDate: z.string().nullable(),
  failedDate: z.string().nullable(),
  /** Pix Automático: the recurrence's status at the bank (see pix-automatic.ts); null otherwise. */
  recurrenceStatus: z
    .enum(["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"])
    .nullable()
    .optional(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const AccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  fullName: z.string().nullable(),
  role: RoleSchema,
})
export type Account = z.infer<typeof AccountSchema>

export const SessionSchema = z.object({ account: AccountSchema })
export type Session = z.infer<typeof SessionSchema>

export const SavedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  displayNumber: z.string(),
})
export type SavedCard = z.infer<typeof SavedCardSchema>

/** Every error the API returns: a pt-BR message a person can read, and a stable code. */
export const ApiErrorBodySchema = z.object({ message: z.string(), code: z.string() })
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

/** A checkout's answer: the subscription and, for a buyer created by it, a session. */
export const CheckoutResponseSchema = z.object({
  subscription: SubscriptionSchema,
  /** Present when the call signed the buyer in; `password` only when it created the account. */
  auth: z.object({ accessToken: z.string(), password: z.string().optional() }).optional(),
  /** A free trial on Pix Automático: the QR that authorises the recurrence, paying nothing now. */
  authorization: z.object({ pixCode: z.string(), pixUrl: z.string() }).optional(),
})
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>

/** Card or link checkout at the gateway: the browser goes to `url`. */
export const PaymentRedirectSchema = z.object({ url: z.string(), subscription: SubscriptionSchema })
export type PaymentRedirect = z.infer<typeof PaymentRedirectSchema>

/** With `menageUrl`, the buyer finishes the cancellation on the gateway's page. */
export const CancelSubscriptionResponseSchema = z.object({ menageUrl: z.string().optional() })
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>

/** What the browser needs to take payments: mode, iugu.js account and the sandbox card tokens. */
export const PaymentsConfigSchema = z.object({
  mode: z.enum(["sandbox", "live"]),
  iugu: z.object({
    accountId: z.string().nullable(),
    testMode: z.boolean(),
    /** Sandbox only: iugu's POST /v1/payment_token, served by the simulator. */
    tokenUrl: z.string().nullable(),
  }),
  mercadoPago: z.object({ publicKey: z.string().nullable() }),
})
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>

/** The support chat the browser may load (spec §1): Crisp's website id, or none configured. */
export const SupportConfigSchema = z.object({
  chat: z.object({ provider: z.literal("crisp"), websiteId: z.string() }).nullable(),
})
export type SupportConfig = z.infer<typeof SupportConfigSchema>

/** A Pix receipt a follower sent to a creator who receives on her own key. */
export const StudioReceiptSchema = z.object({
  subscriptionId: z.string(),
  subscriber: z.object({ email: z.string(), fullName: z.string().nullable() }),
  plan: z.object({ name: PlanNameSchema }).nullable(),
  payment: PaymentSchema,
  /** When the follower sent the receipt (the Pix itself was generated at `payment.createdAt`). */
  receiptUploadedAt: z.string().nullable(),
  /** The transaction id the follower typed, to find the Pix in the bank statement. */
  receiptEndToEndId: z.string().nullable(),
})
export type StudioReceipt = z.infer<typeof StudioReceiptSchema>

/** Paying an existing subscription again: `url` when the buyer continues on the gateway's page. */
export const PaymentResultSchema = z.object({
  subscription: SubscriptionSchema,
  url: z.string().optional(),
})
export type PaymentResult = z.infer<typeof PaymentResultSchema>
