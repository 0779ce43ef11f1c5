import { z } from "zod"
import { SessionSchema } from "../../../../src/domain/models.ts"
import { fields, loginSchema, messages } from "../../../../src/domain/validation.ts"
import { captchaTokenField } from "../../api-schemas.ts"

const passwordField = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(200, messages.generic)

export const loginBody = loginSchema.extend({
  password: passwordField,
  /** Bot-check token: asked only while an account is being guessed at from many addresses. */
  token: z.string().max(4096, messages.generic).optional(),
})
export const accessTokenResponse = z.object({ accessToken: z.string() })

export const registerShortBody = z.object({
  email: fields.email,
  token: captchaTokenField,
  /** The creator's username whose page the buyer is on. */
  from: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/^@/, "") : value),
    fields.username,
  ),
  password: fields.password.max(200, messages.generic).optional(),
})
export const registerShortResponse = z.object({
  accessToken: z.string(),
  /** Present only when the server generated a temporary password. */
  password: z.string().optional(),
})

export const recoverEmailBody = z.object({ email: fields.email, token: captchaTokenField })
export const recoverCodeBody = z.object({
  email: fields.email,
  gToken: captchaTokenField,
  recoveryCode: fields.code,
})
export const recoverCodeResponse = z.object({ recoveryToken: z.string() })
export const recoverPasswordBody = z.object({
  email: fields.email,
  recoveryToken: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(200, messages.generic),
  gToken: captchaTokenField,
  password: fields.choosePassword.max(200, messages.generic),
})
export const passwordChangeBody = z.object({
  currentPassword: passwordField,
  newPassword: fields.choosePassword.max(200, messages.generic),
  captchaToken: captchaTokenField,
})
export const sessionResponse = SessionSchema
