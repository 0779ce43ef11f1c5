import { z } from "zod"
import { leadStatuses } from "./admin-labels.ts"
import { fields, messages } from "./validation.ts"

/** Operator tools: the leads from /tenho-interesse and the creators they became. */

// The labels and formats: in admin-labels.ts, which the operator's pages load without zod.
export {
  auditActorLabel,
  formatDateTime,
  LEAD_STATUS_LABELS,
  leadStatuses,
  type LeadStatus,
} from "./admin-labels.ts"

export const LeadStatusSchema = z.enum(leadStatuses)

/**
 * The latest invite's link: pending until `expiresAt`, then expired; accepted once she has chosen
 * a password (the link no longer matters then).
 */
export const LeadInviteSchema = z.object({
  state: z.enum(["pending", "expired", "accepted"]),
  expiresAt: z.string(),
})
export type LeadInvite = z.infer<typeof LeadInviteSchema>

export const AdminLeadSchema = z.object({
  id: z.string(),
  instagram: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  createdAt: z.string(),
  status: LeadStatusSchema,
  contactedAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  /** The creator account the invite created. */
  creatorUsername: z.string().nullable(),
  /** The invite sent on `invitedAt`; absent before it, and once its account is closed. */
  invite: LeadInviteSchema.optional(),
})
export type AdminLead = z.infer<typeof AdminLeadSchema>

export const leadsQuery = z.object({
  status: LeadStatusSchema.optional(),
  q: z.string().trim().max(100, messages.generic).optional(),
})

export const leadContactedBody = z.object({ contacted: z.boolean({ error: messages.required }) })

/** The username the new creator starts with; by default the lead's instagram without "@". */
export const leadInviteBody = z.object({
  username: fields.username.optional(),
  fullName: z.string().trim().min(1, messages.required).max(80, messages.generic).optional(),
})
export type LeadInviteInput = z.input<typeof leadInviteBody>

/** The invite dialog: both fields filled in, prefilled from the lead. */
export const leadInviteFormSchema = leadInviteBody.required()
export type LeadInviteFormInput = z.input<typeof leadInviteFormSchema>

export const AdminCreatorSchema = z.object({
  profileId: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  banned: z.boolean(),
  migrating: z.boolean(),
  createdAt: z.string(),
  /** Subscribers with access right now. */
  activeSubscribers: z.number().int().nonnegative(),
})
export type AdminCreator = z.infer<typeof AdminCreatorSchema>

export const creatorBanBody = z.object({ banned: z.boolean({ error: messages.required }) })

export const inviteSentMessage = "Convite enviado por e-mail."

/** One status change of a subscription or of one of its payments, as the billing audit keeps it. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  entity: z.enum(["subscription", "payment"]),
  paymentId: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** "account:<id>", "webhook:iugu", "job:expire-payments", "sandbox"... */
  actor: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AdminSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  /** Account ids, to tell the buyer and the creator apart in the audit's actors. */
  subscriberAccountId: z.string(),
  creatorAccountId: z.string(),
  subscriberEmail: z.string(),
  creatorUsername: z.string(),
  status: z.string(),
  plan: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>

export const AdminAuditSchema = z.object({
  subscription: AdminSubscriptionSchema,
  entries: z.array(AuditEntrySchema),
})
export type AdminAudit = z.infer<typeof AdminAuditSchema>

export const subscriptionSearchQuery = z.object({
  q: z.string().trim().min(3, messages.minlength).max(100, messages.generic),
})
