import { randomInt, randomUUID } from "node:crypto"
import QRCode from "qrcode"
import { reaisToCents } from "../../../../../src/domain/money.ts"
import { dispatch, route, type SimHandler, type SimResponse } from "../sandbox/simulator-http.ts"
import { sandboxPixCode, simulatorId, type BankPayment } from "../sandbox/sandbox-pix.ts"
import type { SimulatorStore } from "../sandbox/simulator-store.ts"
import { mercadoPagoSimBank } from "./mp-sim-bank.ts"
import type {
  MpPayment,
  MpPaymentBody,
  MpPreapproval,
  MpPreapprovalBody,
  MpPreapprovalStatus,
  MpPreference,
  MpPreferenceBody,
} from "./mp-types.ts"

export type { MercadoPagoWebhook } from "./mp-sim-bank.ts"

export interface MercadoPagoSimulatorOptions {
  store: SimulatorStore
  now: () => Date
  accessToken: string
  publicUrl: string
}

const badRequest = (message: string): SimResponse => ({
  status: 400,
  body: { message, error: "bad_request", status: 400, cause: [] },
})
const notFound = (): SimResponse => ({
  status: 404,
  body: { message: "resource not found", error: "not_found", status: 404, cause: [] },
})
const ok = (body: unknown, status = 200): SimResponse => ({ status, body })

const minute = 60_000
const day = 24 * 60 * minute

/** `back_url` plus a marker: in the sandbox the "gateway page" is our own status page. */
const sandboxPage = (backUrl: string, id: string) =>
  `${backUrl}${backUrl.includes("?") ? "&" : "?"}sandbox_checkout=${encodeURIComponent(id)}`

/**
 * Mercado Pago in a box: Pix and boleto payments (with the mandatory X-Idempotency-Key),
 * preapprovals, checkout preferences, and signed notifications the way Mercado Pago sends them.
 */
export function createMercadoPagoSimulator(options: MercadoPagoSimulatorOptions) {
  const { store, now } = options

  const savePayment = (payment: MpPayment) => store.put("payment", String(payment.id), payment)

  const newPayment = async (fields: Partial<MpPayment> & Pick<MpPayment, "transaction_amount">) => {
    const id = randomInt(10_000_000_000, 99_999_999_999)
    const payment: MpPayment = {
      id,
      status: "pending",
      status_detail: "pending_waiting_transfer",
      date_created: now().toISOString(),
      date_approved: null,
      date_of_expiration: null,
      description: "",
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      external_reference: null,
      metadata: {},
      ...fields,
    }
    if (payment.status === "approved") payment.date_approved = now().toISOString()
    await savePayment(payment)
    return payment
  }

  const createPayment = async (body: MpPaymentBody, key: string | undefined) => {
    if (!key) return badRequest("Header X-Idempotency-Key is required")
    const previous = await store.get<{ paymentId: string }>("idempotency", key)
    if (previous) return ok(await store.get<MpPayment>("payment", previous.paymentId), 201)
    if (!(Number(body?.transaction_amount) > 0)) return badRequest("transaction_amount invalid")
    if (!body.payer?.email) return badRequest("payer.email is required")
    if (body.payment_method_id !== "pix" && body.payment_method_id !== "bolbradesco")
      return badRequest("payment_method_id invalid")
    if (body.payment_method_id === "bolbradesco") {
      // Like Mercado Pago since 2024: a boleto names its payer, with CPF/CNPJ and address.
      if (!body.payer.identification?.number || !body.payer.first_name)
        return badRequest("payer.identification and payer.first_name are required for bolbradesco")
      const address = body.payer.address
      const missing = (
        [
          "zip_code",
          "street_name",
          "street_number",
          "neighborhood",
          "city",
          "federal_unit",
        ] as const
      ).find((part) => !address?.[part])
      if (missing) return badRequest(`payer.address.${missing} is required for bolbradesco`)
      if (!/^\d{8}$/.test(address!.zip_code)) return badRequest("payer.address.zip_code invalid")
    }
    const expiresAt = body.date_of_expiration ? new Date(body.date_of_expiration) : null
    const ttl = expiresAt ? expiresAt.getTime() - now().getTime() : 30 * minute
    if (Number.isNaN(ttl) || ttl < 30 * minute - 5_000 || ttl > 30 * day)
      return badRequest("date_of_expiration must be between 30 minutes and 30 days")
    const cents = reaisToCents(body.transaction_amount)
    const common = {
      transaction_amount: body.transaction_amount,
      description: body.description,
      external_reference: body.external_reference ?? null,
      metadata: body.metadata ?? {},
      payer: body.payer,
      date_of_expiration: (expiresAt ?? new Date(now().getTime() + ttl)).toISOString(),
    }
    let payment: MpPayment
    if (body.payment_method_id === "pix") {
      const qrId = simulatorId()
      const code = sandboxPixCode(qrId, cents)
      const png = await QRCode.toDataURL(code, { errorCorrectionLevel: "M", margin: 4, scale: 4 })
      payment = await newPayment({
        ...common,
        payment_method_id: "pix",
        payment_type_id: "bank_transfer",
        point_of_interaction: {
          type: "OPENPLATFORM",
          transaction_data: {
            qr_code: code,
            qr_code_base64: png.replace(/^data:image\/png;base64,/, ""),
            ticket_url: "",
          },
        },
      })
      payment.point_of_interaction!.transaction_data.ticket_url = `${options.publicUrl}/v1/sandbox/qrcode/mercadopago/${payment.id}.png`
      await savePayment(payment)
    } else {
      payment = await newPayment({
        ...common,
        payment_method_id: "bolbradesco",
        payment_type_id: "ticket",
        status_detail: "pending_waiting_payment",
        transaction_details: { external_resource_url: "" },
      })
      payment.transaction_details = {
        external_resource_url: `${options.publicUrl}/v1/sandbox/boleto/mercadopago/${payment.id}`,
      }
      await savePayment(payment)
    }
    await store.put("idempotency", key, { paymentId: String(payment.id) })
    return ok(payment, 201)
  }

  const routes = [
    route("POST", "/v1/payments", (_params, body: MpPaymentBody, request) =>
      createPayment(body, request.headers["x-idempotency-key"]),
    ),
    // Registered before "/v1/payments/:id", which would take "search" for an id.
    route("GET", "/v1/payments/search", async (_params, _body, request) => {
      const reference = request.query.get("external_reference")
      const limit = Math.min(Number(request.query.get("limit") ?? 30) || 30, 1000)
      const found = (await store.list<MpPayment>("payment"))
        .filter((payment) => reference === null || payment.external_reference === reference)
        .sort((a, b) =>
          request.query.get("criteria") === "asc"
            ? a.date_created.localeCompare(b.date_created)
            : b.date_created.localeCompare(a.date_created),
        )
      return ok({
        paging: { total: found.length, limit, offset: 0 },
        results: found.slice(0, limit),
      })
    }),
    route("GET", "/v1/payments/:id", async (params) => {
      const payment = await store.get<MpPayment>("payment", params.id!)
      return payment ? ok(payment) : notFound()
    }),
    route("PUT", "/v1/payments/:id", async (params, body: { status?: string }) => {
      const payment = await store.get<MpPayment>("payment", params.id!)
      if (!payment) return notFound()
      if (body.status !== "cancelled" || !["pending", "in_process"].includes(payment.status))
        return badRequest("payment cannot be cancelled")
      // A boleto paid at the bank is on its way: it can no longer be cancelled.
      if (await store.get<BankPayment>("bank_payment", String(payment.id)))
        return badRequest("payment cannot be cancelled")
      const cancelled = { ...payment, status: "cancelled" as const, status_detail: "by_collector" }
      await savePayment(cancelled)
      return ok(cancelled)
    }),
    route("POST", "/preapproval", async (_params, body: MpPreapprovalBody) => {
      if (!body?.payer_email) return badRequest("payer_email is required")
      if (!body.back_url) return badRequest("back_url is required")
      const recurring = body.auto_recurring
      if (!(recurring?.frequency > 0) || !(recurring.transaction_amount > 0))
        return badRequest("auto_recurring invalid")
      const id = simulatorId().toLowerCase()
      const preapproval: MpPreapproval = {
        id,
        init_point: sandboxPage(body.back_url, id),
        status: "pending",
        reason: body.reason,
        external_reference: body.external_reference,
        payer_email: body.payer_email,
        auto_recurring: recurring,
        back_url: body.back_url,
        next_payment_date: null,
        date_created: now().toISOString(),
      }
      await store.put("preapproval", id, preapproval)
      return ok(preapproval, 201)
    }),
    route("GET", "/preapproval/:id", async (params) => {
      const found = await store.get<MpPreapproval>("preapproval", params.id!)
      return found ? ok(found) : notFound()
    }),
    route("PUT", "/preapproval/:id", async (params, body: { status?: MpPreapprovalStatus }) => {
      const found = await store.get<MpPreapproval>("preapproval", params.id!)
      if (!found) return notFound()
      if (found.status === "cancelled") return badRequest("preapproval is cancelled")
      const updated = { ...found, status: body.status ?? found.status }
      await store.put("preapproval", found.id, updated)
      return ok(updated)
    }),
    route("POST", "/checkout/preferences", async (_params, body: MpPreferenceBody) => {
      if (!Array.isArray(body?.items) || body.items.length === 0)
        return badRequest("items is required")
      const id = `123456789-${randomUUID()}`
      const back = body.back_urls?.pending ?? options.publicUrl
      const preference: MpPreference = {
        id,
        init_point: sandboxPage(back, id),
        sandbox_init_point: sandboxPage(back, id),
        external_reference: body.external_reference,
        items: body.items,
        back_urls: body.back_urls ?? null,
        date_created: now().toISOString(),
      }
      await store.put("preference", id, preference)
      return ok(preference, 201)
    }),
  ]

  const handle: SimHandler = async (request) => {
    if (request.headers.authorization !== `Bearer ${options.accessToken}`)
      return {
        status: 401,
        body: { message: "invalid access token", error: "unauthorized", status: 401 },
      }
    return (await dispatch(routes, request)) ?? notFound()
  }

  return { handle, ...mercadoPagoSimBank(options, { newPayment, savePayment }) }
}

export type MercadoPagoSimulator = ReturnType<typeof createMercadoPagoSimulator>
