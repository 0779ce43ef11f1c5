import { z } from "zod"
import { pageQuery } from "./paging.ts"
import {
  ImageSetSchema,
  MediaSchema,
  PaymentGatewaySchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
  PixKeyTypeSchema,
  PlanNameSchema,
  StorySchema,
  SubscriptionStatusSchema,
  planNames,
} from "./models.ts"
import {
  PLAN_PRICE_MIN_CENTS,
  PLAN_PRICE_MAX_CENTS,
  planPriceMessage,
  oneActivePlanMessage,
  HIGHLIGHT_TITLE_MAX,
  highlightTitleMessage,
  highlightStoriesMessage,
  HIGHLIGHT_MAX_STORIES,
  DESCRIPTION_MAX,
  descriptionMessage,
  bacenNeedsPixMessage,
  parsePriceCents,
  subscriberFilters,
  NUMBERS_MAX_DAYS,
  credentialStatuses,
} from "./studio-rules.ts"
import { fields, messages, pixKeySchema } from "./validation.ts"

/**
 * The creator studio's rules and wire shapes, shared by the studio screens and the /v1/studio
 * routes so a price or a title is refused with the same pt-BR words in both places.
 */

// The limits, messages and labels: in studio-rules.ts, which the studio's screens load without zod.
export {
  PLAN_PRICE_MIN_CENTS,
  PLAN_PRICE_MAX_CENTS,
  planPriceMessage,
  oneActivePlanMessage,
  VIDEO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  storyFileTypeMessage,
  photoFileTypeMessage,
  videoUnreadableMessage,
  HIGHLIGHT_TITLE_MAX,
  highlightTitleMessage,
  highlightStoriesMessage,
  HIGHLIGHT_MAX_STORIES,
  DESCRIPTION_MAX,
  descriptionMessage,
  bacenNeedsPixMessage,
  parsePriceCents,
  formatPriceInput,
  credentialStatuses,
  gatewayUnavailableMessage,
  isGatewayUnavailable,
  GATEWAY_LABELS,
  CREDENTIAL_LABELS,
  videoProcessingUnavailableMessage,
  subscriberFilters,
  whitelistSelfMessage,
  notWhitelistedMessage,
  NUMBERS_MAX_DAYS,
  uploadRefusal,
  uploadProblem,
  PAYMENT_METHOD_LABELS,
  type CredentialStatus,
  type SubscriberFilter,
  type UploadRefusal,
} from "./studio-rules.ts"
// In uploads.ts, which a follower's receipt upload loads without the studio's schemas.
export { imageTooLargeMessage, tooLargeMessage, videoTooLargeMessage } from "./uploads.ts"

export const CredentialStatusSchema = z.enum(credentialStatuses)

const priceCents = z
  .number({ error: planPriceMessage })
  .int(planPriceMessage)
  .min(PLAN_PRICE_MIN_CENTS, planPriceMessage)
  .max(PLAN_PRICE_MAX_CENTS, planPriceMessage)

export const StudioPlanSchema = z.object({
  name: PlanNameSchema,
  /** On sale to new subscribers. */
  active: z.boolean(),
  /** The latest price set, even while the plan is off; null if it never had one. */
  valueCents: z.number().int().nonnegative().nullable(),
})
export type StudioPlan = z.infer<typeof StudioPlanSchema>

/** PUT /v1/studio/plans: every plan's switch and price. An active plan needs a price in range. */
export const studioPlansBody = z
  .object({
    plans: z
      .array(
        z.object({
          name: PlanNameSchema,
          active: z.boolean({ error: messages.required }),
          valueCents: priceCents.nullable(),
        }),
      )
      .min(1, oneActivePlanMessage)
      .max(planNames.length, messages.generic),
  })
  .superRefine((value, ctx) => {
    const names = value.plans.map((plan) => plan.name)
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: "custom", path: ["plans"], message: messages.generic })
    }
    value.plans.forEach((plan, index) => {
      if (plan.active && plan.valueCents === null) {
        ctx.addIssue({
          code: "custom",
          path: ["plans", index, "valueCents"],
          message: planPriceMessage,
        })
      }
    })
    if (!value.plans.some((plan) => plan.active)) {
      ctx.addIssue({ code: "custom", path: ["plans"], message: oneActivePlanMessage })
    }
  })
export type StudioPlansInput = z.input<typeof studioPlansBody>

export const ReceivingSchema = z.object({
  paymentGateway: PaymentGatewaySchema,
  pix: z.object({ type: PixKeyTypeSchema, key: z.string() }).nullable(),
  /** Sales paused: new visitors see "As vendas estão pausadas"; subscribers keep access. */
  migrating: z.boolean(),
  gateways: z.array(
    z.object({ gateway: PaymentGatewaySchema, credentials: CredentialStatusSchema }),
  ),
})
export type Receiving = z.infer<typeof ReceivingSchema>

/** PATCH /v1/studio/receiving: any of the three; `pix: null` removes the key. */
export const receivingBody = z.object({
  paymentGateway: PaymentGatewaySchema.optional(),
  pix: pixKeySchema.nullable().optional(),
  migrating: z.boolean().optional(),
})
export type ReceivingInput = z.input<typeof receivingBody>

/** How uploaded videos become web-friendly: with ffmpeg a poster and an H.264 rendition, else as sent. */
export const VideoProcessingSchema = z.enum(["ffmpeg", "unavailable"])
export type VideoProcessing = z.infer<typeof VideoProcessingSchema>

export const StudioStorySchema = StorySchema.extend({
  stats: z.object({ users: z.number().int().nonnegative() }),
})
export type StudioStory = z.infer<typeof StudioStorySchema>

export const StudioStoriesSchema = z.object({
  videoProcessing: VideoProcessingSchema,
  stories: z.array(StudioStorySchema),
})
export type StudioStories = z.infer<typeof StudioStoriesSchema>

export const StudioMediaSchema = MediaSchema.extend({ likes: z.number().int().nonnegative() })
export type StudioMedia = z.infer<typeof StudioMediaSchema>

export const mediaDescriptionField = z
  .string({ error: messages.generic })
  .trim()
  .max(DESCRIPTION_MAX, descriptionMessage)

export const mediaPatchBody = z.object({ description: mediaDescriptionField.nullable() })

export const StudioHighlightSchema = z.object({
  _id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  /** The cover's renditions, as on the profile. */
  coverImage: ImageSetSchema.optional(),
  storyIds: z.array(z.string()),
})
export type StudioHighlight = z.infer<typeof StudioHighlightSchema>

const highlightTitle = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(HIGHLIGHT_TITLE_MAX, highlightTitleMessage)
const highlightStoryIds = z
  .array(z.string().max(60, messages.generic), { error: highlightStoriesMessage })
  .min(1, highlightStoriesMessage)
  .max(HIGHLIGHT_MAX_STORIES, messages.generic)

/** The highlight form: a title and the chosen stories, in order. */
export const highlightFormSchema = z.object({ title: highlightTitle, storyIds: highlightStoryIds })
export type HighlightFormInput = z.input<typeof highlightFormSchema>

/** POST /v1/studio/highlights; `cover` is a key from POST /v1/profile/images, else the first story's poster. */
export const highlightBody = highlightFormSchema.extend({
  cover: z.string().max(200, messages.generic).nullable().optional(),
})
export const highlightPatchBody = z.object({
  title: highlightTitle.optional(),
  storyIds: highlightStoryIds.optional(),
  cover: z.string().max(200, messages.generic).nullable().optional(),
})

export const SubscriberFilterSchema = z.enum(subscriberFilters)

export const subscribersQuery = pageQuery.extend({
  q: z.string().trim().max(100, messages.generic).optional(),
  status: SubscriberFilterSchema.optional(),
  method: PaymentMethodSchema.optional(),
})
export type SubscribersQuery = z.input<typeof subscribersQuery>

export const StudioSubscriberSchema = z.object({
  subscriptionId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  status: SubscriptionStatusSchema,
  /** Has access to the content now (the rule of `hasAccess`). */
  active: z.boolean(),
  plan: PlanNameSchema.nullable(),
  /** When the subscription was first created. */
  createdAt: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  canceledDate: z.string().nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  /** Status of the latest payment, if any. */
  paymentStatus: PaymentStatusSchema.nullable(),
})
export type StudioSubscriber = z.infer<typeof StudioSubscriberSchema>

export const whitelistBody = z.object({ email: fields.email })
export type WhitelistInput = z.input<typeof whitelistBody>

export const numbersQuery = z.object({
  days: z.coerce
    .number({ error: messages.generic })
    .int(messages.generic)
    .min(7, messages.generic)
    .max(NUMBERS_MAX_DAYS, messages.generic)
    .default(30),
})

export const StudioNumbersDaySchema = z.object({
  /** The day in São Paulo, "yyyy-MM-dd". */
  date: z.string(),
  /** Page visits; a signed-in person counts once a day. */
  visits: z.number().int().nonnegative(),
  checkoutsStarted: z.number().int().nonnegative(),
  /** Subscriptions whose first payment was approved that day; renewals count only in revenue. */
  paid: z.number().int().nonnegative(),
  /** Plan value of every payment approved that day, renewals included, without the service fee. */
  revenueCents: z.number().int().nonnegative(),
})
export type StudioNumbersDay = z.infer<typeof StudioNumbersDaySchema>

export const StudioNumbersSchema = z.object({
  days: z.array(StudioNumbersDaySchema),
  totals: z.object({
    visits: z.number().int().nonnegative(),
    checkoutsStarted: z.number().int().nonnegative(),
    paid: z.number().int().nonnegative(),
    revenueCents: z.number().int().nonnegative(),
  }),
  /** Subscribers with access now. */
  activeSubscribers: z.number().int().nonnegative(),
  /** Plan value of the payments approved this calendar month (São Paulo), without the service fee. */
  monthlyRevenueCents: z.number().int().nonnegative(),
})
export type StudioNumbers = z.infer<typeof StudioNumbersSchema>

/** The studio profile form; the same rules as PATCH /v1/profile. */
export const studioProfileFormSchema = z.object({
  fullName: fields.displayName,
  username: fields.username.toLowerCase(),
  bio: fields.bio,
})
export type StudioProfileInput = z.input<typeof studioProfileFormSchema>
export type StudioProfileOutput = z.output<typeof studioProfileFormSchema>

/** One row of the plans form: the switch and the price as typed ("29,90"). */
export const studioPlansFormSchema = z
  .object({
    plans: z.array(z.object({ name: PlanNameSchema, active: z.boolean(), price: z.string() })),
  })
  .superRefine((value, ctx) => {
    value.plans.forEach((plan, index) => {
      if (!plan.active && plan.price.trim() === "") return
      const cents = parsePriceCents(plan.price)
      if (cents === null || cents < PLAN_PRICE_MIN_CENTS || cents > PLAN_PRICE_MAX_CENTS) {
        ctx.addIssue({ code: "custom", path: ["plans", index, "price"], message: planPriceMessage })
      }
    })
    if (!value.plans.some((plan) => plan.active)) {
      ctx.addIssue({ code: "custom", path: ["plans"], message: oneActivePlanMessage })
    }
  })
export type StudioPlansFormInput = z.input<typeof studioPlansFormSchema>

/** The receiving form: the Pix key is typed apart from its type and checked by that type. */
export const receivingFormSchema = z
  .object({
    paymentGateway: PaymentGatewaySchema,
    pixType: PixKeyTypeSchema,
    pixKey: z.string(),
    migrating: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.pixKey.trim() === "") {
      if (value.paymentGateway === "bacen") {
        ctx.addIssue({ code: "custom", path: ["pixKey"], message: bacenNeedsPixMessage })
      }
      return
    }
    const parsed = pixKeySchema.safeParse({ type: value.pixType, key: value.pixKey })
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: ["pixKey"], message: parsed.error.issues[0]!.message })
    }
  })
export type ReceivingFormInput = z.input<typeof receivingFormSchema>
