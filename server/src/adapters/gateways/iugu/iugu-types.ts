import type {
  RecurrenceFrequency,
  RecurrenceStatus,
} from "../../../../../src/domain/pix-automatic.ts"
/** iugu's REST shapes (payments.md, "iugu"), as we send and read them. */

export interface IuguItem {
  description: string
  quantity: number
  price_cents: number
}

export interface IuguCustomVariable {
  name: string
  value: string
}

export interface IuguPaymentTokenBody {
  account_id: string
  method: "credit_card"
  test?: boolean
  data: {
    number: string
    verification_value: string
    first_name: string
    last_name: string
    month: string
    year: string
  }
}

export interface IuguPaymentToken {
  id: string
  method: "credit_card"
  test: boolean
  extra_info: { brand: string; bin: string; display_number: string; month: number; year: number }
}

export interface IuguCustomer {
  id: string
  email: string
  name: string
  cpf_cnpj: string | null
  default_payment_method_id: string | null
}

export interface IuguPaymentMethod {
  id: string
  description: string
  item_type: "credit_card"
  data: { brand: string; holder_name: string; display_number: string; bin: string }
}

export interface IuguChargeBody {
  token?: string
  customer_payment_method_id?: string
  customer_id?: string
  email: string
  items: IuguItem[]
  custom_variables?: IuguCustomVariable[]
}

export interface IuguChargeResponse {
  success: boolean
  message: string
  LR: string
  invoice_id: string | null
  url: string | null
  pdf: string | null
  errors?: unknown
}

export type IuguInvoiceStatus =
  | "pending"
  | "paid"
  | "canceled"
  | "in_analysis"
  | "draft"
  | "partially_paid"
  | "refunded"
  | "expired"
  | "in_protest"
  | "chargeback"
  | "externally_paid"

export interface IuguPayer {
  cpf_cnpj?: string
  name?: string
  /** Required for a boleto (bank_slip): the bank registers it with the payer's address. */
  address?: {
    zip_code: string
    street: string
    number: string
    district: string
    city: string
    state: string
    country: string
    complement?: string
  }
}

export interface IuguInvoiceBody {
  email: string
  due_date: string
  items: IuguItem[]
  payable_with: "pix" | "bank_slip" | "credit_card"
  payer?: IuguPayer
  custom_variables?: IuguCustomVariable[]
  notification_url?: string
}

export interface IuguInvoice {
  id: string
  status: IuguInvoiceStatus
  email: string
  due_date: string
  total_cents: number
  paid_cents: number | null
  secure_url: string
  payable_with: string
  paid_at: string | null
  subscription_id: string | null
  /** The customer charged, for invoices made through one (cards). */
  customer_id?: string | null
  /** "2025-03-10T12:00:00-03:00" (iugu's `created_at` is a display text). */
  created_at_iso?: string
  custom_variables: IuguCustomVariable[]
  pix: { qrcode: string; qrcode_text: string } | null
  bank_slip: { digitable_line: string; barcode: string; bank_slip_url: string } | null
  payer?: IuguPayer
}

/**
 * `GET /v1/invoices` filters (iugu's "Listar faturas"): `customer_id`, `query` (free text, the
 * payer's e-mail among it), `created_at_from`/`created_at_to`, `status_filter`, `limit`, `start`.
 */
export interface IuguInvoiceQuery {
  customer_id?: string
  query?: string
  created_at_from?: string
  created_at_to?: string
  limit?: number
}

/** A page of `GET /v1/invoices`, newest first. */
export interface IuguInvoiceList {
  totalItems: number
  items: IuguInvoice[]
}

export interface IuguPlanBody {
  name: string
  identifier: string
  interval: number
  interval_type: "months"
  value_cents: number
  payable_with?: string
}

export interface IuguPlan {
  id: string
  name: string
  identifier: string
  interval: number
  interval_type: "months"
  prices: { currency: "BRL"; value_cents: number }[]
}

/**
 * Pix Automático on a subscription (payments.md): journey 3 makes one QR that pays the first
 * period and authorises the recurrence. Customer name and CPF/CNPJ are required.
 */
export interface IuguAutomaticPixBody {
  journey: 3 | 4
  frequency: RecurrenceFrequency
  /** First debit date, "YYYY-MM-DD". */
  recurrence_beginning: string
  /** Our reference for the contract, shown to the payer by the bank. */
  contract_number: string
  end_date?: string
}

export interface IuguAutomaticPix extends IuguAutomaticPixBody {
  status: RecurrenceStatus
  recurrence_id: string
  /** Journey 4: the QR that authorises the recurrence alone (journey 3's is its first invoice's). */
  qrcode?: string
  qrcode_text?: string
}

export interface IuguSubscriptionBody {
  customer_id: string
  plan_identifier: string
  expires_at?: string
  payable_with?: string
  only_on_charge_success?: boolean
  custom_variables?: IuguCustomVariable[]
  automatic_pix?: IuguAutomaticPixBody
  /** Items beside the plan's; `recurrent: false` ones go on the first invoice only (a coupon). */
  subitems?: IuguSubitem[]
}

export interface IuguSubitem {
  description: string
  price_cents: number
  quantity: number
  recurrent: boolean
}

export interface IuguSubscription {
  id: string
  customer_id: string
  plan_identifier: string
  expires_at: string | null
  active: boolean
  suspended: boolean
  custom_variables: IuguCustomVariable[]
  automatic_pix?: IuguAutomaticPix | null
  /** The invoices the subscription made, newest first (the first period's, on creation). */
  recent_invoices?: { id: string; status: IuguInvoiceStatus; due_date: string }[]
}
