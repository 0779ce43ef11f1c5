import { z } from "zod"
import { messages } from "./validation.ts"

/** The name of the file "Exportar meus dados" saves, as the API's content-disposition names it. */
export const ACCOUNT_EXPORT_FILE_NAME = "meus-dados-closer.json"

/** POST /v1/account/close: the person confirms with the password. */
export const closeAccountBody = z.object({
  password: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(200, messages.generic),
})
export type CloseAccountInput = z.input<typeof closeAccountBody>

export const CloseAccountResponseSchema = z.object({ message: z.string() })
