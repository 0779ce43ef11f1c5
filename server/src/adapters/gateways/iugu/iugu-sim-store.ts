import { sandboxPixCode, simulatorId } from "../sandbox/sandbox-pix.ts"
import type { SimResponse } from "../sandbox/simulator-http.ts"
import type { SimulatorStore } from "../sandbox/simulator-store.ts"
import { iuguDate } from "./iugu-gateway.ts"
import type {
  IuguInvoice,
  IuguInvoiceBody,
  IuguInvoiceStatus,
  IuguPaymentMethod,
} from "./iugu-types.ts"

/** A card token and a saved card as the simulator keeps them: with the number iugu never shows. */
export interface StoredToken {
  id: string
  used: boolean
  number: string
  holder: string
}

export interface StoredMethod extends IuguPaymentMethod {
  customerId: string
  number: string
}

export interface IuguSimulatorOptions {
  store: SimulatorStore
  now: () => Date
  apiToken: string
  accountId: string
  /** Base of the sandbox QR image URLs. */
  publicUrl: string
}

export interface IuguWebhook {
  headers: Record<string, string>
  body: string
}

export const ok = (body: unknown, status = 200): SimResponse => ({ status, body })
export const notFound = (): SimResponse => ({ status: 404, body: { errors: "Not Found" } })
export const invalid = (errors: Record<string, string[]>): SimResponse => ({
  status: 422,
  body: { errors },
})

/** The invoices iugu keeps: how the simulator makes and saves one. */
export function iuguSimInvoices(options: IuguSimulatorOptions) {
  const { store, now } = options
  const saveInvoice = (invoice: IuguInvoice) => store.put("invoice", invoice.id, invoice)

  const newInvoice = async (
    input: Pick<
      IuguInvoiceBody,
      "email" | "items" | "payable_with" | "custom_variables" | "payer"
    > & {
      due_date?: string
      subscription_id?: string | null
      customer_id?: string | null
      status?: IuguInvoiceStatus
      /** Pix Automático: the QR also authorises this recurrence (journey 3). */
      recurrence_id?: string
    },
  ) => {
    const id = simulatorId()
    const total = input.items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0)
    const status = input.status ?? "pending"
    const invoice: IuguInvoice = {
      id,
      status,
      email: input.email,
      due_date: input.due_date ?? iuguDate(now()),
      total_cents: total,
      paid_cents: status === "paid" ? total : null,
      secure_url: `${options.publicUrl}/v1/sandbox/qrcode/iugu/${id}.png`,
      payable_with: input.payable_with,
      paid_at: status === "paid" ? now().toISOString() : null,
      subscription_id: input.subscription_id ?? null,
      customer_id: input.customer_id ?? null,
      created_at_iso: now().toISOString(),
      custom_variables: input.custom_variables ?? [],
      ...(input.payer ? { payer: input.payer } : {}),
      pix:
        input.payable_with === "pix"
          ? {
              qrcode: `${options.publicUrl}/v1/sandbox/qrcode/iugu/${id}.png`,
              qrcode_text: sandboxPixCode(id, total, input.recurrence_id),
            }
          : null,
      bank_slip:
        input.payable_with === "bank_slip"
          ? {
              digitable_line: `23793.38128 60000.000003 ${id.slice(0, 5)}.${id.slice(5, 11)} 1 ${String(total).padStart(14, "0")}`,
              barcode: `2379${String(total).padStart(10, "0")}${id.slice(0, 30)}`,
              bank_slip_url: `${options.publicUrl}/v1/sandbox/boleto/iugu/${id}`,
            }
          : null,
    }
    await saveInvoice(invoice)
    return invoice
  }

  return { saveInvoice, newInvoice }
}

export type IuguSimInvoices = ReturnType<typeof iuguSimInvoices>

export function publicMethod(method: StoredMethod): IuguPaymentMethod {
  return {
    id: method.id,
    description: method.description,
    item_type: method.item_type,
    data: method.data,
  }
}
