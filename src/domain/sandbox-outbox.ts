import { z } from "zod"

/** A mail the sandbox sent to its outbox folder instead of to someone, for the demo. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  text: z.string(),
  /** Null for mails written before the outbox kept the HTML. */
  html: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof OutboxMailSchema>

export const OutboxPageSchema = z.object({
  mails: z.array(OutboxMailSchema),
  /** 1 is the newest mails. */
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
})
export type OutboxPage = z.infer<typeof OutboxPageSchema>

export const outboxPageSize = 20

export const OUTBOX_INVALID_PAGE = "Página inválida."

export const outboxQuery = z.object({
  page: z.coerce
    .number({ error: OUTBOX_INVALID_PAGE })
    .int(OUTBOX_INVALID_PAGE)
    .min(1, OUTBOX_INVALID_PAGE)
    .max(100_000, OUTBOX_INVALID_PAGE)
    .default(1),
})

export const OUTBOX_SANDBOX_ONLY =
  "A caixa de saída só existe no modo sandbox, quando os e-mails não vão a ninguém."
