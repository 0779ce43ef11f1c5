import { z } from "zod"
import { messages } from "./validation.ts"

/** POST /v1/account/close: the person confirms with the password. */
export const closeAccountBody = z.object({
  password: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(200, messages.generic),
})
export type CloseAccountInput = z.input<typeof closeAccountBody>
