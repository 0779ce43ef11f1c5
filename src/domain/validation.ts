import { z } from "zod"
import { isCardExpDateValid, isLuhnValid } from "./card-number.ts"
import { COUPON_CODE_PATTERN } from "./coupon-prices.ts"
import { parseBirthDate } from "./dates.ts"
import { isValidCpf, isValidPerson, normalizeDocument } from "./documents.ts"
import { EMAIL_PATTERN } from "./email.ts"
import { BIO_MAX_LENGTH, bioTooLongMessage, messages } from "./field-messages.ts"
import { normalizePixPhone } from "./pix-keys.ts"

// Here before they had a module of their own: the studio still takes them from here.
export { PIX_KEY_TYPE_LABELS, pixKeyTypeLabel } from "./pix-keys.ts"
export { BIO_MAX_LENGTH, bioTooLongMessage } from "./field-messages.ts"

/**
 * One zod schema per form field of spec §5, and the forms built from them. The browser forms
 * (react-hook-form + zodResolver) and the server's request bodies share these, so a message is
 * written once. Output values are normalised (lower-cased e-mail, digits-only phone, ...).
 */

export { messages }

type Rule = readonly [test: (value: string) => boolean, message: string]

interface FieldOptions {
  /** Passwords keep their spaces; everything else is trimmed first. */
  trim?: boolean
  /** Applied after the presence check and before the rules; its result is the output value. */
  normalise?: (value: string) => string
  rules?: readonly Rule[]
}

/**
 * A required text field reporting exactly one message: "Obrigatório" when empty, else the first
 * failing rule's. Its issues do not abort the enclosing form, so cross-field checks such as
 * "Senhas não conferem" still run while other fields are wrong.
 */
function field({ trim = true, normalise, rules = [] }: FieldOptions = {}) {
  return z.string({ error: messages.required }).check((payload) => {
    const raw = trim ? payload.value.trim() : payload.value
    const report = (message: string) => {
      payload.issues.push({ code: "custom", message, input: payload.value, continue: true })
    }
    if (raw === "") return report(messages.required)
    const value = normalise ? normalise(raw) : raw
    payload.value = value
    const failed = rules.find(([test]) => !test(value))
    if (failed) report(failed[1])
  })
}

const matches =
  (pattern: RegExp) =>
  (value: string): boolean =>
    pattern.test(value)
const minLength =
  (min: number) =>
  (value: string): boolean =>
    value.length >= min

const USERNAME = /^[A-Za-z0-9_.-]{3,50}$/
const collapseSpaces = (value: string) => value.replace(/\s+/g, " ")
const lower = (value: string) => value.toLowerCase()
const upper = (value: string) => collapseSpaces(value).toUpperCase()
const digits = (value: string) => value.replace(/\D/g, "")

export const PROFILE_NAME_MAX_LENGTH = 80

const email = () => field({ normalise: lower, rules: [[matches(EMAIL_PATTERN), messages.email]] })
const password = () => field({ trim: false, rules: [[minLength(6), messages.minlength]] })
const person = () =>
  field({ normalise: normalizeDocument, rules: [[isValidPerson, messages.person]] })
const text = () => field()

export const fields = {
  /** "@handle" with 3 to 30 of Instagram's characters; "@" is added if missing; lower-cased. */
  instagram: field({
    normalise: (v) => (v.startsWith("@") ? v : `@${v}`).toLowerCase(),
    rules: [[matches(/^@[a-z0-9._]{3,30}$/), messages.minlength]],
  }),
  /** A coupon code: 4 to 30 letters, digits, "-" or "_", upper-cased (codes ignore case). */
  coupon: field({
    normalise: upper,
    rules: [
      [minLength(4), messages.minlength],
      [matches(COUPON_CODE_PATTERN), messages.generic],
    ],
  }),
  code: field({ rules: [[matches(/^\d{6}$/), messages.generic]] }),
  email: email(),
  confirmEmail: email(),
  birthDate: field({ rules: [[(v) => parseBirthDate(v) !== null, messages.birthDate]] }),
  password: password(),
  choosePassword: password(),
  confirmPassword: field({ trim: false, rules: [[minLength(4), messages.minlength]] }),
  /** A 3-50 character username or an e-mail, lower-cased. */
  usernameOrEmail: field({
    normalise: lower,
    rules: [[(v) => USERNAME.test(v) || EMAIL_PATTERN.test(v), messages.generic]],
  }),
  username: field({ rules: [[matches(USERNAME), messages.generic]] }),
  /** A creator's name on her page (the profile's fullName), up to 80 characters. */
  displayName: field({
    rules: [[(v) => v.length <= PROFILE_NAME_MAX_LENGTH, messages.generic]],
  }),
  /** A creator's bio: may be empty, up to 500 characters. */
  bio: z.string({ error: messages.generic }).trim().max(BIO_MAX_LENGTH, bioTooLongMessage),
  name: field({ normalise: upper }),
  /** CPF or CNPJ (also alphanumeric), returned without mask. */
  person: person(),
  cpf: field({ normalise: normalizeDocument, rules: [[isValidCpf, messages.person]] }),
  /** "00000-000" or 8 digits, returned as 8 digits. */
  zipcode: field({
    rules: [[matches(/^\d{5}-?\d{3}$/), messages.zipcode]],
  }).overwrite((v) => v.replace("-", "")),
  street: text(),
  streetNumber: field({ rules: [[matches(/^\d+$/), messages.generic]] }),
  complement: z.string().trim().optional(),
  neighborhood: text(),
  city: text(),
  /** Digits dropped, upper-cased, exactly two letters ("sp" -> "SP"). */
  state: field({
    normalise: (v) => v.replace(/[\d\s]/g, "").toUpperCase(),
    rules: [[matches(/^[A-Z]{2}$/), messages.generic]],
  }),
  /** "(11) 98765-4321" or 11 digits (13 with the country code), returned as digits. */
  phoneNumber: field({
    rules: [
      [matches(/^[\d\s()+-]+$/), messages.generic],
      [(v) => digits(v).length >= 11 && digits(v).length <= 13, messages.generic],
    ],
  }).overwrite(digits),
  pixRandomKey: field({ rules: [[minLength(32), messages.minlength]] }),
  bankName: text(),
  agency: field({ rules: [[matches(/^\d{4}$/), messages.generic]] }),
  bankAccountNumber: field({ rules: [[(v) => v.length === 9, messages.generic]] }),
  /** 14 to 16 digits passing the Luhn check, returned as digits. */
  cardNumber: field({
    rules: [
      [matches(/^[\d\s-]+$/), messages.cardNumber],
      [(v) => /^\d{14,16}$/.test(digits(v)), messages.cardNumber],
      [isLuhnValid, messages.cardNumber],
    ],
  }).overwrite(digits),
  cardHolderName: field({ normalise: upper, rules: [[minLength(5), messages.generic]] }),
  /** "MM/AA", not before the current month. */
  cardExpDate: field({ rules: [[(v) => isCardExpDateValid(v), messages.cardExpDate]] }),
  cardCVV: field({ rules: [[matches(/^\d{3,4}$/), messages.cardCVV]] }),
}

type Issue = { path: string[]; message: string }

/** Reports a mismatch only once the confirmation is itself well formed. */
function mismatch(
  value: Record<string, unknown>,
  field: string,
  confirm: string,
  message: string,
  normalise: (v: string) => string,
  confirmIsReady: (v: string) => boolean,
): Issue[] {
  const a = value[field]
  const b = value[confirm]
  if (typeof a !== "string" || typeof b !== "string" || !confirmIsReady(b)) return []
  return normalise(a) === normalise(b) ? [] : [{ path: [confirm], message }]
}

const sameEmail = (v: Record<string, unknown>) =>
  mismatch(
    v,
    "email",
    "confirmEmail",
    messages.confirmEmail,
    (s) => s.trim().toLowerCase(),
    (s) => EMAIL_PATTERN.test(s.trim()),
  )

const samePassword = (field: string) => (v: Record<string, unknown>) =>
  mismatch(
    v,
    field,
    "confirmPassword",
    messages.confirmPassword,
    (s) => s,
    (s) => s.length >= 4,
  )

/**
 * Adds cross-field checks that run even while other fields still fail, so "Senhas não
 * conferem" shows as soon as the confirmation is typed.
 */
function withChecks<T extends z.ZodObject>(
  schema: T,
  ...checks: Array<(value: Record<string, unknown>) => Issue[]>
) {
  return schema.superRefine(
    (value, ctx) => {
      for (const check of checks) {
        for (const issue of check(value as Record<string, unknown>)) {
          ctx.addIssue({ code: "custom", ...issue })
        }
      }
    },
    // By default zod skips this once a field has failed; run it whenever there is an object.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
}

/** The lead's fields as the API takes them: the confirmation is compared by the server (422). */
export const leadFieldsSchema = z.object({
  instagram: fields.instagram,
  email: fields.email,
  confirmEmail: fields.confirmEmail.optional(),
  whatsapp: fields.phoneNumber,
})

/** The lead form: a mistyped e-mail would send the team to a stranger, so it is typed twice. */
export const leadFormSchema = withChecks(
  leadFieldsSchema.extend({ confirmEmail: fields.confirmEmail }),
  sameEmail,
)

export const emailStepSchema = z.object({ email: fields.email })

/** Login checks only presence of the password: older accounts may have shorter ones. */
export const loginSchema = z.object({
  usernameOrEmail: fields.usernameOrEmail,
  password: field({ trim: false }),
})

export const registerSchema = withChecks(
  z.object({
    email: fields.email,
    confirmEmail: fields.confirmEmail,
    password: fields.password,
    confirmPassword: fields.confirmPassword,
  }),
  sameEmail,
  samePassword("password"),
)

export const recoveryEmailSchema = z.object({ email: fields.email })

export const recoveryCodeSchema = z.object({ email: fields.email, code: fields.code })

export const newPasswordSchema = withChecks(
  z.object({ password: fields.choosePassword, confirmPassword: fields.confirmPassword }),
  samePassword("password"),
)

/** Current password is optional: it is omitted when it arrives in the link (an empty value counts as omitted). */
export const choosePasswordSchema = withChecks(
  z.object({
    // preprocess (not transform) keeps the schema expressible as JSON Schema for the API docs
    currentPassword: z.preprocess(
      (v: string | undefined) => (v === "" ? undefined : v),
      z.string().optional(),
    ),
    newPassword: fields.choosePassword,
    confirmPassword: fields.confirmPassword,
  }),
  samePassword("newPassword"),
)

/** The same form when the current-password field is shown, which makes it required. */
export const choosePasswordWithCurrentSchema = withChecks(
  z.object({
    currentPassword: field({ trim: false }),
    newPassword: fields.choosePassword,
    confirmPassword: fields.confirmPassword,
  }),
  samePassword("newPassword"),
)

export const cardFormSchema = z.object({
  accountName: fields.name,
  accountDocument: fields.person,
  cardNumber: fields.cardNumber,
  cardHolderName: fields.cardHolderName,
  cardExpDate: fields.cardExpDate,
  cardCVV: fields.cardCVV,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A creator's Pix key by type; the output key is in the form it is registered in. */
export const pixKeySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("random"),
    key: field({
      normalise: lower,
      rules: [[(v) => UUID.test(v) || v.length >= 32, messages.minlength]],
    }),
  }),
  z.object({
    type: z.literal("phone"),
    key: field({
      rules: [
        [matches(/^[\d\s()+-]+$/), messages.generic],
        [(v) => /^\+55[1-9]{2}\d{8,9}$/.test(normalizePixPhone(v)), messages.generic],
      ],
    }).overwrite(normalizePixPhone),
  }),
  z.object({
    type: z.literal("email"),
    key: field({
      normalise: lower,
      rules: [
        [matches(EMAIL_PATTERN), messages.email],
        [(v) => v.length <= 77, messages.email],
      ],
    }),
  }),
  z.object({ type: z.literal("person"), key: person() }),
])

export type LeadFormInput = z.input<typeof leadFormSchema>
export type LeadFormOutput = z.output<typeof leadFormSchema>
export type LeadFieldsOutput = z.output<typeof leadFieldsSchema>
export type EmailStepInput = z.input<typeof emailStepSchema>
export type LoginInput = z.input<typeof loginSchema>
export type LoginOutput = z.output<typeof loginSchema>
export type RegisterInput = z.input<typeof registerSchema>
export type RegisterOutput = z.output<typeof registerSchema>
export type RecoveryEmailInput = z.input<typeof recoveryEmailSchema>
export type RecoveryCodeInput = z.input<typeof recoveryCodeSchema>
export type NewPasswordInput = z.input<typeof newPasswordSchema>
export type ChoosePasswordInput = z.input<typeof choosePasswordSchema>
export type ChoosePasswordOutput = z.output<typeof choosePasswordSchema>
export type CardFormInput = z.input<typeof cardFormSchema>
export type CardFormOutput = z.output<typeof cardFormSchema>
export type PixKeyInput = z.input<typeof pixKeySchema>
export type PixKeyOutput = z.output<typeof pixKeySchema>
