import { z } from "zod"
import { ApiErrorBodySchema } from "../../src/domain/models.ts"
import { messages } from "../../src/domain/validation.ts"

/** `{ message, code }` plus, on validation errors, the request field at fault. */
export const ErrorBodySchema = ApiErrorBodySchema.extend({ field: z.string().optional() })

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429

/** Documents the error statuses a route can answer. */
export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Partial<
    Record<ErrorStatus, typeof ErrorBodySchema>
  >

/** The bot-check token; an empty one fails the check (or passes when the check is off in development). */
export const captchaTokenField = z
  .string({ error: messages.required })
  .max(4096, messages.generic)
  .default("")

export const messageResponse = z.object({ message: z.string() })

export const usernameParams = z.object({ username: z.string().min(1).max(60) })
