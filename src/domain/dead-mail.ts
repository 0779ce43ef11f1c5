import { z } from "zod"

/** Mail the outbox gave up on after its last try, as the operators see it (never its body). */
export const DeadMailSchema = z.object({
  id: z.string(),
  /** The recipient: an operator needs it to judge whether to send again. */
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The mail server's last refusal, addresses masked. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it was given up. */
  failedAt: z.string().nullable(),
})
export type DeadMail = z.infer<typeof DeadMailSchema>

export const DeadMailResendSchema = z.object({ id: z.string(), message: z.string() })

export const deadMailResentMessage =
  "E-mail reenviado. Se o servidor de e-mail recusar de novo, ele volta para as tentativas automáticas."
export const DEAD_MAIL_NOT_FOUND = "E-mail não encontrado."
export const DEAD_MAIL_NOT_DEAD =
  "Este e-mail não está mais parado: ele já foi reenviado ou enviado."
