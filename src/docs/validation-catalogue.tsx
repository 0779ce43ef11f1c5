import type { z } from "zod"
import * as validation from "../domain/validation.ts"

/**
 * Every form field with every message it can show, read from the schemas of
 * src/domain/validation.ts by running them: the table changes when the rules do. A field shows
 * a message when one of the sample values below makes its schema report it.
 */
const samples = [
  "",
  "a",
  "abc",
  "abcd",
  "@a",
  "12",
  "123456",
  "1234",
  "00000-00",
  "4111 1111 1111 1112",
  "13/20",
  "31/02/1990",
  "ab@",
  "a b",
  "x".repeat(600),
]

/** The labels the forms give each field; a field missing here is listed by its key. */
const labels: Record<string, string> = {
  instagram: "Instagram",
  coupon: "Cupom",
  code: "Código de recuperação",
  email: "E-mail",
  confirmEmail: "Confirmar e-mail",
  birthDate: "Data de nascimento",
  password: "Senha",
  choosePassword: "Nova senha",
  confirmPassword: "Confirmar senha",
  usernameOrEmail: "Usuário ou e-mail",
  username: "Usuário",
  displayName: "Nome no perfil",
  bio: "Bio",
  name: "Nome completo",
  person: "CPF ou CNPJ",
  cpf: "CPF",
  zipcode: "CEP",
  street: "Rua",
  streetNumber: "Número",
  complement: "Complemento",
  neighborhood: "Bairro",
  city: "Cidade",
  state: "Estado (UF)",
  phoneNumber: "WhatsApp / celular",
  pixRandomKey: "Chave Pix aleatória",
  bankName: "Banco",
  agency: "Agência",
  bankAccountNumber: "Conta",
  cardNumber: "Número do cartão",
  cardHolderName: "Nome impresso no cartão",
  cardExpDate: "Validade (MM/AA)",
  cardCVV: "Código de segurança (CVV)",
}

type Found = { message: string; example: string }

function messagesOf(schema: z.ZodType): Found[] {
  const found = new Map<string, string>()
  for (const sample of samples) {
    const result = schema.safeParse(sample)
    for (const issue of result.error?.issues ?? [])
      if (!found.has(issue.message)) found.set(issue.message, sample)
  }
  return [...found].map(([message, example]) => ({ message, example }))
}

/** The forms, each checked with mismatching confirmations to find the cross-field messages. */
const forms: Record<string, z.ZodType> = {
  Cadastro: validation.registerSchema,
  "Tenho interesse": validation.leadFormSchema,
  "Nova senha": validation.newPasswordSchema,
  "Escolha um senha": validation.choosePasswordSchema,
}
const mismatching = {
  email: "ana@exemplo.com",
  confirmEmail: "outra@exemplo.com",
  password: "segredo1",
  newPassword: "segredo1",
  confirmPassword: "segredo2",
}

function crossFieldMessages() {
  const rows: { form: string; field: string; message: string }[] = []
  for (const [form, schema] of Object.entries(forms)) {
    for (const issue of schema.safeParse(mismatching).error?.issues ?? []) {
      const field = String(issue.path[0])
      if (field in mismatching && issue.message !== validation.messages.required)
        rows.push({ form, field: labels[field] ?? field, message: issue.message })
    }
  }
  return rows
}

const shown = (example: string) =>
  example === ""
    ? "(vazio)"
    : example.length > 20
      ? `${example.slice(0, 8)}… (${example.length} caracteres)`
      : `"${example}"`

export function ValidationCatalogue() {
  const fieldRows = Object.entries(validation.fields as Record<string, z.ZodType>)
  const crossField = crossFieldMessages()
  const used = new Set([
    ...fieldRows.flatMap(([, schema]) => messagesOf(schema).map((m) => m.message)),
    ...crossField.map((row) => row.message),
  ])
  const others = Object.entries(validation.messages).filter(([, text]) => !used.has(text))
  return (
    <>
      <h2>Por campo</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Mensagem</th>
            <th scope="col">Aparece com</th>
          </tr>
        </thead>
        <tbody>
          {fieldRows.map(([key, schema]) => {
            const found = messagesOf(schema)
            return found.length === 0 ? (
              <tr key={key}>
                <th scope="row">{labels[key] ?? key}</th>
                <td colSpan={2}>Opcional: não mostra mensagem</td>
              </tr>
            ) : (
              found.map(({ message, example }, index) => (
                <tr key={`${key}-${message}`}>
                  {index === 0 ? (
                    <th scope="row" rowSpan={found.length}>
                      {labels[key] ?? key}
                    </th>
                  ) : null}
                  <td>{message}</td>
                  <td>{shown(example)}</td>
                </tr>
              ))
            )
          })}
        </tbody>
      </table>
      <h2>Entre campos</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Formulário</th>
            <th scope="col">Campo</th>
            <th scope="col">Mensagem</th>
          </tr>
        </thead>
        <tbody>
          {crossField.map((row) => (
            <tr key={`${row.form}-${row.field}`}>
              <td>{row.form}</td>
              <td>{row.field}</td>
              <td>{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Mensagens do formulário inteiro</h2>
      <p>Mostradas no aviso do topo da tela, e não ao lado de um campo:</p>
      <ul>
        {others.map(([key, text]) => (
          <li key={key}>{text}</li>
        ))}
      </ul>
    </>
  )
}
