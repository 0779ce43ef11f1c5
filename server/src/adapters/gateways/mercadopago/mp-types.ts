/** Mercado Pago's REST shapes (payments.md, "Mercado Pago"), as we send and read them. */

export type MpPaymentStatus =
  | "pending"
  | "approved"
  | "authorized"
  | "in_process"
  | "in_mediation"
  | "rejected"
  | "cancelled"
  | "refunded"
  | "charged_back"

export interface MpPayer {
  email: string
  first_name?: string
  last_name?: string
  identification?: { type: "CPF" | "CNPJ"; number: string }
  /** Required for a boleto (bolbradesco) since 2024. */
  address?: MpPayerAddress
}

export interface MpPayerAddress {
  zip_code: string
  street_name: string
  street_number: string
  neighborhood: string
  city: string
  federal_unit: string
}

export interface MpPaymentBody {
  transaction_amount: number
  description: string
  payment_method_id: string
  payer: MpPayer
  external_reference: string
  notification_url?: string
  date_of_expiration?: string
  metadata?: Record<string, unknown>
}

export interface MpPayment {
  id: number
  status: MpPaymentStatus
  status_detail: string
  date_created: string
  date_approved: string | null
  date_of_expiration: string | null
  transaction_amount: number
  description: string
  payment_method_id: string
  payment_type_id: string
  external_reference: string | null
  metadata: Record<string, unknown>
  point_of_interaction?: {
    type: string
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string }
  }
  transaction_details?: { external_resource_url?: string; total_paid_amount?: number }
  payer?: MpPayer
}

export type MpPreapprovalStatus = "pending" | "authorized" | "paused" | "cancelled"

export interface MpPreapprovalBody {
  reason: string
  external_reference: string
  payer_email: string
  card_token_id?: string
  auto_recurring: {
    frequency: number
    frequency_type: "months"
    transaction_amount: number
    currency_id: "BRL"
  }
  back_url: string
  status?: MpPreapprovalStatus
}

export interface MpPreapproval {
  id: string
  init_point: string
  status: MpPreapprovalStatus
  reason: string
  external_reference: string
  payer_email: string
  auto_recurring: MpPreapprovalBody["auto_recurring"]
  back_url: string
  next_payment_date: string | null
  date_created: string
}

export interface MpPreferenceBody {
  items: { id?: string; title: string; quantity: number; unit_price: number; currency_id: "BRL" }[]
  external_reference: string
  notification_url?: string
  back_urls?: { success: string; failure: string; pending: string }
  auto_return?: "approved" | "all"
  payer?: { email: string }
  expires?: boolean
  expiration_date_to?: string
}

export interface MpPreference {
  id: string
  init_point: string
  sandbox_init_point: string
  external_reference: string
  items: MpPreferenceBody["items"]
  back_urls: MpPreferenceBody["back_urls"] | null
  date_created: string
}

/** A search answer (`/v1/payments/search`, `/preapproval/search`). */
export interface MpSearch<T> {
  paging: { total: number; limit: number; offset: number }
  results: T[]
}

/** The notification body; the same id also arrives as `?data.id=` with `&type=`. */
export interface MpNotification {
  id?: number | string
  type?: string
  action?: string
  data?: { id?: string | number }
}
