import { z } from "zod"
import { fields, messages } from "./validation.ts"

/** The 27 federative units, as banks take a payer's state. */
export const FEDERATIVE_UNITS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const

const units = new Set<string>(FEDERATIVE_UNITS)

/** A boleto payer's address; each part with the form's own pt-BR message. */
export const payerAddressSchema = z.object({
  /** CEP, "00000-000" or 8 digits. */
  zipCode: fields.zipcode,
  street: fields.street.max(120, messages.generic),
  /** Digits only, as the banks take it. */
  number: fields.streetNumber.max(10, messages.generic),
  complement: fields.complement.pipe(z.string().max(60, messages.generic).optional()),
  neighborhood: fields.neighborhood.max(80, messages.generic),
  city: fields.city.max(80, messages.generic),
  /** UF: "SP", "rj"... */
  state: fields.state.refine((uf) => units.has(uf), messages.generic),
})

/**
 * The boleto form: the payer's name, CPF/CNPJ and address, without which no bank registers a
 * boleto. The server's body takes the same fields (optional there, to answer one clear message).
 */
export const boletoPayerSchema = z.object({
  accountName: fields.name,
  accountDocument: fields.person,
  address: payerAddressSchema,
})

export type BoletoPayerInput = z.input<typeof boletoPayerSchema>
export type BoletoPayer = z.output<typeof boletoPayerSchema>
