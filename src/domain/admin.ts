import { z } from "zod"
import { lazily, TIME_ZONE } from "./dates.ts"
import { fields, messages } from "./validation.ts"

/** Operator tools: the leads from /tenho-interesse and the creators they became. */

export const leadStatuses = ["new", "contacted", "invited"] as const
export const LeadStatusSchema = z.enum(leadStatuses)
export type LeadStatus = z.infer<typeof LeadStatusSchema>

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: "Novo",
  contacted: "Contatado",
  invited: "Convidado",
}

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

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat("pt-BR", {
      timeZone: TIME_ZONE,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }),
)

/** "dd/MM/yyyy HH:mm" in São Paulo: an audit needs the time of each change, not only the day. */
export function formatDateTime(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? "" : dateTime().format(date).replace(",", "")
}

/** Who made an audited change, in words: the buyer, the creator, a gateway or the system. */
export function auditActorLabel(
  actor: string,
  people: { buyerId?: string; creatorId?: string } = {},
): string {
  const [kind, id = ""] = actor.split(":", 2)
  if (kind === "account") {
    if (id && id === people.buyerId) return "Assinante"
    if (id && id === people.creatorId) return "Criadora"
    return `Conta ${id.slice(0, 8)}`
  }
  if (kind === "webhook") return `Aviso do gateway (${id})`
  if (kind === "job") return `Rotina automática (${id})`
  if (kind === "sandbox") return "Ambiente de testes"
  return actor
}
