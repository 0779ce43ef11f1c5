/**
 * The forms' field messages (spec §5). They live apart from the zod schemas of validation.ts,
 * which re-exports them, so a screen that only shows a message loads no schema library.
 */
export const messages = {
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
  cardNumber: "Número do cartão inválido",
  cardExpDate: "Data de expiração inválida",
  cardCVV: "Código de segurança inválido",
} as const

/** The bio's limit, which the studio's profile form shows before its schema loads. */
export const BIO_MAX_LENGTH = 500
export const bioTooLongMessage = `A bio pode ter até ${BIO_MAX_LENGTH} caracteres`
