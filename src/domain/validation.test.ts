import { describe, expect, it } from "vitest"
import type { z } from "zod"
import { emailsMatch, normaliseEmail } from "./email.ts"
import {
  cardFormSchema,
  choosePasswordSchema,
  choosePasswordWithCurrentSchema,
  emailStepSchema,
  fields,
  leadFormSchema,
  loginSchema,
  messages,
  newPasswordSchema,
  pixKeySchema,
  pixKeyTypeLabel,
  recoveryCodeSchema,
  recoveryEmailSchema,
  registerSchema,
} from "./validation.ts"

/** The single message a field reports, or null when it passes. */
function error(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  expect(result.error.issues).toHaveLength(1)
  return result.error.issues[0]!.message
}

function output(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(JSON.stringify(result.error.issues))
  return result.data
}

/** Messages by field path for a whole form. */
function formErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const found: Record<string, string> = {}
  for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message
  return found
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0")
const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, "0")

describe("messages", () => {
  it("quotes the spec texts", () => {
    expect(messages).toMatchObject({
      required: "Obrigatório",
      minlength: "Inválido",
      email: "Email inválido",
      confirmPassword: "Senhas não conferem",
      person: "Documento inválido",
      zipcode: "CEP inválido",
      birthDate: "Data inválida",
      confirmEmail: "Os e-mails não conferem",
      generic: "Inválido",
      wrongLogin: "Senha incorreta",
      fillCorrectly: "Preencha os dados corretamente",
      fillFieldsCorrectly: "Preencha os campos corretamente",
    })
  })
})

describe("required fields", () => {
  it("say Obrigatório when empty, blank or missing", () => {
    for (const [name, schema] of Object.entries(fields)) {
      if (name === "complement" || name === "bio") continue
      expect(error(schema, ""), name).toBe("Obrigatório")
      expect(error(schema, undefined), name).toBe("Obrigatório")
      if (!/password/i.test(name)) expect(error(schema, "   "), name).toBe("Obrigatório")
    }
  })

  it("leaves the address complement optional", () => {
    expect(output(fields.complement, undefined)).toBeUndefined()
    expect(output(fields.complement, " ap 12 ")).toBe("ap 12")
  })
})

describe("field rules", () => {
  it("instagram: adds @, lower-cases, needs 3 handle characters", () => {
    expect(output(fields.instagram, "@Closer.App")).toBe("@closer.app")
    expect(output(fields.instagram, "ana_b")).toBe("@ana_b")
    expect(error(fields.instagram, "@ab")).toBe("Inválido")
    expect(error(fields.instagram, "@abc")).toBeNull()
    expect(error(fields.instagram, "@an a")).toBe("Inválido")
    expect(error(fields.instagram, `@${"a".repeat(31)}`)).toBe("Inválido")
  })

  it("displayName: trimmed, up to 80 characters", () => {
    expect(output(fields.displayName, "  Luna Alves ")).toBe("Luna Alves")
    expect(error(fields.displayName, "a".repeat(80))).toBeNull()
    expect(error(fields.displayName, ` ${"a".repeat(80)} `)).toBeNull()
    expect(error(fields.displayName, "a".repeat(81))).toBe("Inválido")
  })

  it("bio: may be empty, trimmed, up to 500 characters", () => {
    expect(output(fields.bio, "")).toBe("")
    expect(output(fields.bio, "  Bastidores  ")).toBe("Bastidores")
    expect(error(fields.bio, "x".repeat(500))).toBeNull()
    expect(error(fields.bio, "x".repeat(501))).toBe("A bio pode ter até 500 caracteres")
    expect(error(fields.bio, 42)).toBe("Inválido")
  })

  it("code: exactly six digits", () => {
    expect(error(fields.code, "123456")).toBeNull()
    expect(error(fields.code, "12345")).toBe("Inválido")
    expect(error(fields.code, "1234567")).toBe("Inválido")
    expect(error(fields.code, "12345a")).toBe("Inválido")
  })

  it("email: 2 to 4 letter ending, lower-cased", () => {
    expect(output(fields.email, " Ana@Example.COM ")).toBe("ana@example.com")
    expect(error(fields.email, "ana@mail.com.br")).toBeNull()
    expect(error(fields.email, "ana@mail.info")).toBeNull()
    for (const bad of [
      "ana",
      "ana@",
      "ana@mail",
      "ana@mail.c",
      "ana@mail.online",
      "a b@mail.com",
      "ana@.com",
    ]) {
      expect(error(fields.email, bad), bad).toBe("Email inválido")
    }
  })

  it("normaliseEmail (the checkout's schema-free check) agrees with fields.email", () => {
    for (const typed of [
      " Ana@Example.COM ",
      "ana@mail.com.br",
      "ana@mail.info",
      "",
      "   ",
      "ana",
      "ana@mail.c",
      "ana@mail.online",
      "a b@mail.com",
      "ANA@MAIL.COM",
    ]) {
      const parsed = fields.email.safeParse(typed)
      expect(normaliseEmail(typed), typed).toBe(parsed.success ? parsed.data : null)
    }
  })

  it("birthDate: a real DD/MM/YYYY date", () => {
    expect(error(fields.birthDate, "29/02/2000")).toBeNull()
    for (const bad of ["31/02/2000", "32/01/2000", "01/13/2000", "1/1/2000", "2000-01-01"]) {
      expect(error(fields.birthDate, bad), bad).toBe("Data inválida")
    }
  })

  it("passwords: at least 6, confirmation at least 4, spaces kept", () => {
    expect(error(fields.password, "12345")).toBe("Inválido")
    expect(error(fields.password, "123456")).toBeNull()
    expect(error(fields.choosePassword, "12345")).toBe("Inválido")
    expect(error(fields.confirmPassword, "123")).toBe("Inválido")
    expect(error(fields.confirmPassword, "1234")).toBeNull()
    expect(output(fields.password, " 1234 ")).toBe(" 1234 ")
  })

  it("usernameOrEmail: a 3-50 username or an e-mail, lower-cased", () => {
    expect(output(fields.usernameOrEmail, "Ana.B_1-x")).toBe("ana.b_1-x")
    expect(output(fields.usernameOrEmail, "Ana@Mail.com")).toBe("ana@mail.com")
    expect(error(fields.usernameOrEmail, "ab")).toBe("Inválido")
    expect(error(fields.usernameOrEmail, "a".repeat(51))).toBe("Inválido")
    expect(error(fields.usernameOrEmail, "ana b")).toBe("Inválido")
    expect(error(fields.username, "ana_b")).toBeNull()
    expect(error(fields.username, "an")).toBe("Inválido")
  })

  it("name and card holder: upper-cased, holder at least 5", () => {
    expect(output(fields.name, " ana   maria ")).toBe("ANA MARIA")
    expect(output(fields.cardHolderName, "ana maria")).toBe("ANA MARIA")
    expect(error(fields.cardHolderName, "ana")).toBe("Inválido")
  })

  it("person and cpf: valid documents without mask", () => {
    expect(output(fields.person, "111.444.777-35")).toBe("11144477735")
    expect(output(fields.person, "11.222.333/0001-81")).toBe("11222333000181")
    expect(output(fields.person, "12.abc.345/01de-35")).toBe("12ABC34501DE35")
    expect(error(fields.person, "123.456.789-00")).toBe("Documento inválido")
    expect(error(fields.person, "11222333000180")).toBe("Documento inválido")
    expect(output(fields.cpf, "123.456.789-09")).toBe("12345678909")
    expect(error(fields.cpf, "11222333000181")).toBe("Documento inválido")
    expect(error(fields.cpf, "111.111.111-11")).toBe("Documento inválido")
  })

  it("zipcode: 8 digits, masked or not", () => {
    expect(output(fields.zipcode, "01310-100")).toBe("01310100")
    expect(output(fields.zipcode, "01310100")).toBe("01310100")
    expect(error(fields.zipcode, "0131-0100")).toBe("CEP inválido")
    expect(error(fields.zipcode, "0131010")).toBe("CEP inválido")
  })

  it("streetNumber, state, agency, account, coupon and random key lengths", () => {
    expect(error(fields.streetNumber, "123")).toBeNull()
    expect(error(fields.streetNumber, "12A")).toBe("Inválido")
    expect(output(fields.state, "s1p")).toBe("SP")
    expect(error(fields.state, "SPA")).toBe("Inválido")
    expect(error(fields.state, "12")).toBe("Inválido")
    expect(error(fields.agency, "1234")).toBeNull()
    expect(error(fields.agency, "123")).toBe("Inválido")
    expect(error(fields.bankAccountNumber, "123456789")).toBeNull()
    expect(error(fields.bankAccountNumber, "12345678")).toBe("Inválido")
    expect(error(fields.coupon, "ABC")).toBe("Inválido")
    expect(error(fields.coupon, "ABCD")).toBeNull()
    expect(error(fields.pixRandomKey, "a".repeat(31))).toBe("Inválido")
    expect(error(fields.pixRandomKey, "a".repeat(32))).toBeNull()
  })

  it("phoneNumber: masked or plain, at least 11 digits, returned as digits", () => {
    expect(output(fields.phoneNumber, "(11) 98765-4321")).toBe("11987654321")
    expect(output(fields.phoneNumber, "+55 11 98765-4321")).toBe("5511987654321")
    expect(error(fields.phoneNumber, "(11) 8765-4321")).toBe("Inválido")
    expect(error(fields.phoneNumber, "11 98765-432a")).toBe("Inválido")
  })

  it("cardNumber: 14 to 16 digits passing Luhn", () => {
    expect(output(fields.cardNumber, "4111 1111 1111 1111")).toBe("4111111111111111")
    expect(error(fields.cardNumber, "3782 822463 10005")).toBeNull()
    expect(error(fields.cardNumber, "3056 930902 5904")).toBeNull()
    expect(error(fields.cardNumber, "4111 1111 1111 1112")).toBe("Número do cartão inválido")
    expect(error(fields.cardNumber, "4111 1111 1111 1")).toBe("Número do cartão inválido")
    expect(error(fields.cardNumber, "4111 1111 1111 111a")).toBe("Número do cartão inválido")
  })

  it("cardExpDate: MM/AA from this month on", () => {
    expect(error(fields.cardExpDate, `12/${nextYear}`)).toBeNull()
    expect(error(fields.cardExpDate, `01/${lastYear}`)).toBe("Data de expiração inválida")
    expect(error(fields.cardExpDate, `13/${nextYear}`)).toBe("Data de expiração inválida")
    expect(error(fields.cardExpDate, `00/${nextYear}`)).toBe("Data de expiração inválida")
    expect(error(fields.cardExpDate, "1/30")).toBe("Data de expiração inválida")
  })

  it("cardCVV: 3 or 4 digits", () => {
    expect(error(fields.cardCVV, "123")).toBeNull()
    expect(error(fields.cardCVV, "1234")).toBeNull()
    expect(error(fields.cardCVV, "12")).toBe("Código de segurança inválido")
    expect(error(fields.cardCVV, "12345")).toBe("Código de segurança inválido")
  })
})

describe("forms", () => {
  it("lead: instagram, email typed twice and whatsapp, normalised", () => {
    expect(
      output(leadFormSchema, {
        instagram: "Ana.B",
        email: "Ana@Mail.com",
        confirmEmail: "ana@mail.COM ",
        whatsapp: "(11) 98765-4321",
      }),
    ).toEqual({
      instagram: "@ana.b",
      email: "ana@mail.com",
      confirmEmail: "ana@mail.com",
      whatsapp: "11987654321",
    })
    expect(
      formErrors(leadFormSchema, { instagram: "", email: "x", confirmEmail: "", whatsapp: "1" }),
    ).toEqual({
      instagram: "Obrigatório",
      email: "Email inválido",
      confirmEmail: "Obrigatório",
      whatsapp: "Inválido",
    })
    expect(
      formErrors(leadFormSchema, {
        instagram: "@ana.b",
        email: "ana@mail.com",
        confirmEmail: "ana@mial.com",
        whatsapp: "11987654321",
      }),
    ).toEqual({ confirmEmail: "Os e-mails não conferem" })
  })

  it("confirmation e-mails match as the forms keep them", () => {
    expect(emailsMatch("Ana@Mail.com", " ana@mail.com")).toBe(true)
    expect(emailsMatch("ana@mail.com", "ana@mial.com")).toBe(false)
    expect(emailsMatch("ana@", "ana@")).toBe(false)
  })

  it("email step and recovery steps", () => {
    expect(output(emailStepSchema, { email: "A@B.com" })).toEqual({ email: "a@b.com" })
    expect(formErrors(recoveryEmailSchema, { email: "" })).toEqual({ email: "Obrigatório" })
    expect(formErrors(recoveryCodeSchema, { email: "a@b.com", code: "12" })).toEqual({
      code: "Inválido",
    })
  })

  it("login: any non-empty password", () => {
    expect(output(loginSchema, { usernameOrEmail: "Ana", password: "1" })).toEqual({
      usernameOrEmail: "ana",
      password: "1",
    })
    expect(formErrors(loginSchema, { usernameOrEmail: "ana", password: "" })).toEqual({
      password: "Obrigatório",
    })
  })

  it("register: e-mails and passwords must match", () => {
    const valid = {
      email: "ana@mail.com",
      confirmEmail: "Ana@Mail.com",
      password: "123456",
      confirmPassword: "123456",
    }
    expect(output(registerSchema, valid)).toEqual({ ...valid, confirmEmail: "ana@mail.com" })
    expect(formErrors(registerSchema, { ...valid, confirmEmail: "bia@mail.com" })).toEqual({
      confirmEmail: "Os e-mails não conferem",
    })
    expect(formErrors(registerSchema, { ...valid, confirmPassword: "1234567" })).toEqual({
      confirmPassword: "Senhas não conferem",
    })
  })

  it("register: mismatches show even while other fields are wrong", () => {
    expect(
      formErrors(registerSchema, {
        email: "bad",
        confirmEmail: "ana@mail.com",
        password: "123",
        confirmPassword: "abcd",
      }),
    ).toEqual({
      email: "Email inválido",
      confirmEmail: "Os e-mails não conferem",
      password: "Inválido",
      confirmPassword: "Senhas não conferem",
    })
  })

  it("register: an empty form says Obrigatório once per field", () => {
    const result = registerSchema.safeParse({
      email: "",
      confirmEmail: "",
      password: "",
      confirmPassword: "",
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Obrigatório"],
      ["confirmEmail", "Obrigatório"],
      ["password", "Obrigatório"],
      ["confirmPassword", "Obrigatório"],
    ])
    expect(formErrors(registerSchema, {})).toEqual({
      email: "Obrigatório",
      confirmEmail: "Obrigatório",
      password: "Obrigatório",
      confirmPassword: "Obrigatório",
    })
  })

  it("new password: confirmation must match", () => {
    expect(
      formErrors(newPasswordSchema, { password: "123456", confirmPassword: "654321" }),
    ).toEqual({
      confirmPassword: "Senhas não conferem",
    })
    expect(
      formErrors(newPasswordSchema, { password: "123456", confirmPassword: "123456" }),
    ).toEqual({})
  })

  it("choose password: current password optional unless its field is shown", () => {
    expect(
      output(choosePasswordSchema, {
        currentPassword: "",
        newPassword: "abcdef",
        confirmPassword: "abcdef",
      }),
    ).toEqual({
      currentPassword: undefined,
      newPassword: "abcdef",
      confirmPassword: "abcdef",
    })
    expect(
      formErrors(choosePasswordSchema, { newPassword: "abcdef", confirmPassword: "abcdeg" }),
    ).toEqual({
      confirmPassword: "Senhas não conferem",
    })
    expect(
      formErrors(choosePasswordWithCurrentSchema, {
        currentPassword: "",
        newPassword: "abcdef",
        confirmPassword: "abcdef",
      }),
    ).toEqual({ currentPassword: "Obrigatório" })
  })

  it("card form: every field validated and normalised", () => {
    const card = {
      accountName: "ana maria",
      accountDocument: "111.444.777-35",
      cardNumber: "4111 1111 1111 1111",
      cardHolderName: "ana maria",
      cardExpDate: `12/${nextYear}`,
      cardCVV: "123",
    }
    expect(output(cardFormSchema, card)).toEqual({
      ...card,
      accountName: "ANA MARIA",
      accountDocument: "11144477735",
      cardNumber: "4111111111111111",
      cardHolderName: "ANA MARIA",
    })
    expect(formErrors(cardFormSchema, { ...card, accountDocument: "123", cardCVV: "1" })).toEqual({
      accountDocument: "Documento inválido",
      cardCVV: "Código de segurança inválido",
    })
  })
})

describe("pixKeySchema", () => {
  it("normalises each key type", () => {
    expect(output(pixKeySchema, { type: "phone", key: "(11) 98765-4321" })).toEqual({
      type: "phone",
      key: "+5511987654321",
    })
    expect(output(pixKeySchema, { type: "phone", key: "+55 (11) 98765-4321" })).toEqual({
      type: "phone",
      key: "+5511987654321",
    })
    expect(output(pixKeySchema, { type: "email", key: "Ana@Mail.com" })).toEqual({
      type: "email",
      key: "ana@mail.com",
    })
    expect(output(pixKeySchema, { type: "person", key: "11.222.333/0001-81" })).toEqual({
      type: "person",
      key: "11222333000181",
    })
    expect(
      output(pixKeySchema, { type: "random", key: "123E4567-E12B-12D1-A456-426655440000" }),
    ).toEqual({
      type: "random",
      key: "123e4567-e12b-12d1-a456-426655440000",
    })
  })

  it("rejects keys that do not fit their type", () => {
    expect(formErrors(pixKeySchema, { type: "phone", key: "(01) 98765-4321" })).toEqual({
      key: "Inválido",
    })
    expect(formErrors(pixKeySchema, { type: "phone", key: "98765-4321" })).toEqual({
      key: "Inválido",
    })
    expect(formErrors(pixKeySchema, { type: "email", key: "ana@" })).toEqual({
      key: "Email inválido",
    })
    expect(formErrors(pixKeySchema, { type: "person", key: "12345678900" })).toEqual({
      key: "Documento inválido",
    })
    expect(formErrors(pixKeySchema, { type: "random", key: "abc" })).toEqual({ key: "Inválido" })
    expect(formErrors(pixKeySchema, { type: "random", key: "" })).toEqual({ key: "Obrigatório" })
    expect(pixKeySchema.safeParse({ type: "cpf", key: "11144477735" }).success).toBe(false)
  })

  it("labels the key types in pt-BR", () => {
    expect(pixKeyTypeLabel("random")).toBe("aleatória")
    expect(pixKeyTypeLabel("phone")).toBe("Celular")
    expect(pixKeyTypeLabel("email")).toBe("E-mail")
    expect(pixKeyTypeLabel("person")).toBe("CPF/CNPJ")
    expect(pixKeyTypeLabel("other")).toBe("other")
  })
})

describe("API documentation", () => {
  it("every form converts to JSON Schema for both request and response sides", async () => {
    const { z } = await import("zod")
    const forms = [
      leadFormSchema,
      emailStepSchema,
      loginSchema,
      registerSchema,
      recoveryEmailSchema,
      recoveryCodeSchema,
      newPasswordSchema,
      choosePasswordSchema,
      choosePasswordWithCurrentSchema,
      cardFormSchema,
      pixKeySchema,
    ]
    for (const form of forms) {
      expect(() => z.toJSONSchema(form, { io: "input" })).not.toThrow()
      expect(() => z.toJSONSchema(form, { io: "output" })).not.toThrow()
    }
  })
})
