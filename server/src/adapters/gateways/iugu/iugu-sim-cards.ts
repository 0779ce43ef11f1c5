import { isLuhnValid } from "../../../../../src/domain/card-number.ts"
import { sandboxDeclinedCard } from "../sandbox/sandbox-pix.ts"
import type { IuguChargeBody, IuguPaymentTokenBody } from "./iugu-types.ts"
import {
  invalid,
  ok,
  type IuguSimInvoices,
  type IuguSimulatorOptions,
  type StoredMethod,
  type StoredToken,
} from "./iugu-sim-store.ts"

const declinedCharge = {
  success: false,
  message: "Transação negada",
  LR: "05",
}

/** iugu's card side: a token's checks and a charge, declined for the sandbox's declined card. */
export function iuguSimCards(options: IuguSimulatorOptions, { newInvoice }: IuguSimInvoices) {
  const { store, now } = options
  const tokenErrors = (data: IuguPaymentTokenBody["data"] | undefined) => {
    const errors: Record<string, string[]> = {}
    const number = String(data?.number ?? "").replace(/\D/g, "")
    if (!/^\d{14,16}$/.test(number) || !isLuhnValid(number)) errors.number = ["is invalid"]
    if (!/^\d{3,4}$/.test(String(data?.verification_value ?? "")))
      errors.verification_value = ["is invalid"]
    if (!String(data?.first_name ?? "").trim()) errors.first_name = ["can't be blank"]
    if (!String(data?.last_name ?? "").trim()) errors.last_name = ["can't be blank"]
    const month = Number(data?.month)
    const year = Number(String(data?.year ?? "").padStart(4, "20"))
    const current = now()
    const expired =
      !(month >= 1 && month <= 12) ||
      year < current.getUTCFullYear() ||
      (year === current.getUTCFullYear() && month < current.getUTCMonth() + 1)
    if (expired) errors.expiration = ["is invalid"]
    return errors
  }

  const charge = async (input: IuguChargeBody) => {
    let number: string
    let customerId = input.customer_id ?? null
    if (input.customer_payment_method_id) {
      const method = await store.get<StoredMethod>(
        "payment_method",
        input.customer_payment_method_id,
      )
      if (!method) return invalid({ customer_payment_method_id: ["não encontrado"] })
      number = method.number
      customerId = method.customerId
    } else if (input.token) {
      const token = await store.get<StoredToken>("token", input.token)
      if (!token || token.used) return invalid({ token: ["já foi usado ou é inválido"] })
      await store.put("token", token.id, { ...token, used: true })
      number = token.number
    } else {
      return invalid({ token: ["não pode ficar em branco"] })
    }
    const approved = number !== sandboxDeclinedCard
    const invoice = await newInvoice({
      email: input.email,
      items: input.items,
      payable_with: "credit_card",
      custom_variables: input.custom_variables,
      customer_id: customerId,
      status: approved ? "paid" : "pending",
    })
    return ok({
      ...(approved ? { success: true, message: "Autorizado", LR: "00" } : declinedCharge),
      invoice_id: invoice.id,
      url: invoice.secure_url,
      pdf: `${invoice.secure_url}.pdf`,
    })
  }

  return { tokenErrors, charge }
}
