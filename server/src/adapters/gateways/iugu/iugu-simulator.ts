import { cardBrand, isLuhnValid } from "../../../../../src/domain/card-number.ts"
import { addMonths } from "../../../../../src/domain/dates.ts"
import {
  dispatch,
  route,
  type SimHandler,
  type SimResponse,
  type SimRoute,
} from "../sandbox/simulator-http.ts"
import {
  bankCompensation,
  sandboxDeclinedCard,
  sandboxPixCode,
  simulatorId,
  type BankPayment,
} from "../sandbox/sandbox-pix.ts"
import type { SimulatorStore } from "../sandbox/simulator-store.ts"
import { journeyFourSubscription } from "./iugu-automatic-trial-sim.ts"
import { iuguDate } from "./iugu-gateway.ts"
import type {
  IuguChargeBody,
  IuguCustomer,
  IuguInvoice,
  IuguInvoiceBody,
  IuguInvoiceStatus,
  IuguPaymentMethod,
  IuguPaymentTokenBody,
  IuguPlan,
  IuguPlanBody,
  IuguSubscription,
  IuguSubscriptionBody,
} from "./iugu-types.ts"

interface StoredToken {
  id: string
  used: boolean
  number: string
  holder: string
}

interface StoredMethod extends IuguPaymentMethod {
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

const ok = (body: unknown, status = 200): SimResponse => ({ status, body })
const notFound = (): SimResponse => ({ status: 404, body: { errors: "Not Found" } })
const invalid = (errors: Record<string, string[]>): SimResponse => ({
  status: 422,
  body: { errors },
})

const declinedCharge = {
  success: false,
  message: "Transação negada",
  LR: "05",
}

/**
 * iugu in a box: the endpoints of payments.md with iugu's request and response shapes, a test
 * card that is declined, and webhooks as iugu posts them. Sandbox mode runs it in process; the
 * live adapter's tests serve it over HTTP.
 */
export function createIuguSimulator(options: IuguSimulatorOptions) {
  const { store, now } = options
  const expectedAuth = `Basic ${Buffer.from(`${options.apiToken}:`).toString("base64")}`

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

  /** Journey 3: the subscription waits for the payer (CRIADA) with a first Pix invoice whose QR also authorises the recurrence. */
  const startAutomaticPix = async (body: IuguSubscriptionBody, plan: IuguPlan) => {
    const automatic = body.automatic_pix!
    const customer = await store.get<IuguCustomer>("customer", body.customer_id)
    const errors: Record<string, string[]> = {}
    if (automatic.journey !== 3 && automatic.journey !== 4) errors.journey = ["inválida"]
    if (!["MENSAL", "TRIMESTRAL", "SEMESTRAL"].includes(automatic.frequency))
      errors.frequency = ["inválida"]
    if (!/^\d{4}-\d{2}-\d{2}$/.test(automatic.recurrence_beginning ?? ""))
      errors.recurrence_beginning = ["inválida"]
    if (!automatic.contract_number) errors.contract_number = ["não pode ficar em branco"]
    if (!customer?.cpf_cnpj) errors.cpf_cnpj = ["não pode ficar em branco"]
    if (body.payable_with !== "pix") errors.payable_with = ["deve ser pix"]
    if (Object.keys(errors).length) return invalid(errors)
    const id = simulatorId()
    const recurrenceId = `RN${simulatorId().slice(0, 27)}`
    if (automatic.journey === 4) {
      const authorising = journeyFourSubscription(
        { ...body, automatic_pix: automatic },
        { id, recurrenceId },
        options.publicUrl,
      )
      await store.put("subscription", id, authorising)
      return ok(authorising)
    }
    const first = await newInvoice({
      email: customer!.email,
      items: [
        { description: plan.name, quantity: 1, price_cents: plan.prices[0]!.value_cents },
        ...(body.subitems ?? []).map(({ description, quantity, price_cents }) => ({
          description,
          quantity,
          price_cents,
        })),
      ],
      payable_with: "pix",
      custom_variables: body.custom_variables,
      subscription_id: id,
      recurrence_id: recurrenceId,
    })
    const subscription: IuguSubscription = {
      id,
      customer_id: body.customer_id,
      plan_identifier: body.plan_identifier,
      expires_at: automatic.recurrence_beginning,
      active: true,
      suspended: false,
      custom_variables: body.custom_variables ?? [],
      automatic_pix: { ...automatic, status: "CRIADA", recurrence_id: recurrenceId },
      recent_invoices: [{ id: first.id, status: first.status, due_date: first.due_date }],
    }
    await store.put("subscription", id, subscription)
    return ok(subscription)
  }

  const routes: SimRoute[] = [
    route("POST", "/v1/payment_token", async (_params, body: IuguPaymentTokenBody) => {
      if (body?.account_id !== options.accountId) return invalid({ account_id: ["is invalid"] })
      const errors = tokenErrors(body?.data)
      if (Object.keys(errors).length) return invalid(errors)
      const number = String(body.data.number).replace(/\D/g, "")
      const id = simulatorId()
      await store.put<StoredToken>("token", id, {
        id,
        used: false,
        number,
        holder: `${body.data.first_name} ${body.data.last_name}`.toUpperCase(),
      })
      return ok({
        id,
        method: "credit_card",
        test: true,
        extra_info: {
          brand: (cardBrand(number) ?? "visa").toUpperCase(),
          bin: number.slice(0, 6),
          display_number: `XXXX-XXXX-XXXX-${number.slice(-4)}`,
          month: Number(body.data.month),
          year: Number(body.data.year),
        },
      })
    }),
    route(
      "POST",
      "/v1/customers",
      async (_params, body: { email?: string; name?: string; cpf_cnpj?: string }) => {
        if (!body?.email) return invalid({ email: ["não pode ficar em branco"] })
        const customer: IuguCustomer = {
          id: simulatorId(),
          email: body.email,
          name: body.name ?? body.email,
          cpf_cnpj: body.cpf_cnpj ?? null,
          default_payment_method_id: null,
        }
        await store.put("customer", customer.id, customer)
        return ok(customer)
      },
    ),
    route(
      "POST",
      "/v1/customers/:id/payment_methods",
      async (params, body: { description?: string; token?: string; set_as_default?: boolean }) => {
        const customer = await store.get<IuguCustomer>("customer", params.id!)
        if (!customer) return notFound()
        const token = body?.token ? await store.get<StoredToken>("token", body.token) : null
        if (!token || token.used) return invalid({ token: ["já foi usado ou é inválido"] })
        await store.put("token", token.id, { ...token, used: true })
        const method: StoredMethod = {
          id: simulatorId(),
          customerId: customer.id,
          number: token.number,
          description: body.description ?? "Cartão",
          item_type: "credit_card",
          data: {
            brand: (cardBrand(token.number) ?? "visa").toUpperCase(),
            holder_name: token.holder,
            display_number: `XXXX-XXXX-XXXX-${token.number.slice(-4)}`,
            bin: token.number.slice(0, 6),
          },
        }
        await store.put("payment_method", method.id, method)
        if (body.set_as_default || !customer.default_payment_method_id)
          await store.put("customer", customer.id, {
            ...customer,
            default_payment_method_id: method.id,
          })
        return ok(publicMethod(method))
      },
    ),
    route("GET", "/v1/customers/:id/payment_methods", async (params) => {
      if (!(await store.get("customer", params.id!))) return notFound()
      const methods = await store.list<StoredMethod>("payment_method")
      return ok(methods.filter((m) => m.customerId === params.id).map(publicMethod))
    }),
    route("POST", "/v1/charge", async (_params, body: IuguChargeBody) => charge(body)),
    route("POST", "/v1/invoices", async (_params, body: IuguInvoiceBody) => {
      if (!body?.email) return invalid({ email: ["não pode ficar em branco"] })
      if (!Array.isArray(body.items) || body.items.length === 0)
        return invalid({ items: ["não pode ficar em branco"] })
      if (!/^\d{4}-\d{2}-\d{2}$/.test(body.due_date ?? ""))
        return invalid({ due_date: ["is invalid"] })
      if (body.payable_with === "bank_slip") {
        // Like iugu: a registered boleto names its payer, with CPF/CNPJ and full address.
        const payer = body.payer
        const errors: Record<string, string[]> = {}
        if (!payer?.cpf_cnpj) errors["payer.cpf_cnpj"] = ["não pode ficar em branco"]
        if (!payer?.name) errors["payer.name"] = ["não pode ficar em branco"]
        for (const part of ["zip_code", "street", "number", "district", "city", "state"] as const)
          if (!payer?.address?.[part])
            errors[`payer.address.${part}`] = ["não pode ficar em branco"]
        if (Object.keys(errors).length > 0) return invalid(errors)
      }
      return ok(await newInvoice(body))
    }),
    route("GET", "/v1/invoices", async (_params, _body, request) => {
      const filters = request.query
      const time = (name: string) => {
        const value = filters.get(name)
        return value ? new Date(value).getTime() : null
      }
      const from = time("created_at_from")
      const to = time("created_at_to")
      const text = filters.get("query")?.toLowerCase() ?? null
      const customer = filters.get("customer_id")
      const limit = Math.min(Number(filters.get("limit") ?? 100) || 100, 1000)
      const items = (await store.list<IuguInvoice>("invoice"))
        .filter((invoice) => {
          const created = invoice.created_at_iso ? Date.parse(invoice.created_at_iso) : null
          if (customer && invoice.customer_id !== customer) return false
          if (
            text &&
            !invoice.email.toLowerCase().includes(text) &&
            invoice.id.toLowerCase() !== text
          )
            return false
          if (created !== null && from !== null && created < from) return false
          if (created !== null && to !== null && created > to) return false
          return true
        })
        .sort((a, b) => (b.created_at_iso ?? "").localeCompare(a.created_at_iso ?? ""))
      return ok({ totalItems: items.length, items: items.slice(0, limit) })
    }),
    route("GET", "/v1/invoices/:id", async (params) => {
      const invoice = await store.get<IuguInvoice>("invoice", params.id!)
      return invoice ? ok(invoice) : notFound()
    }),
    route("PUT", "/v1/invoices/:id/cancel", async (params) => {
      const invoice = await store.get<IuguInvoice>("invoice", params.id!)
      if (!invoice) return notFound()
      if (invoice.status !== "pending") return invalid({ status: ["não pode ser cancelada"] })
      // Paid at the bank: the money is on its way, the invoice can no longer be cancelled.
      if (await store.get<BankPayment>("bank_payment", invoice.id))
        return invalid({ status: ["boleto pago, aguardando compensação"] })
      const canceled = { ...invoice, status: "canceled" as const }
      await saveInvoice(canceled)
      return ok(canceled)
    }),
    route("GET", "/v1/plans/identifier/:identifier", async (params) => {
      const plan = await store.get<IuguPlan>("plan", params.identifier!)
      return plan ? ok(plan) : notFound()
    }),
    route("POST", "/v1/plans", async (_params, body: IuguPlanBody) => {
      if (!body?.identifier) return invalid({ identifier: ["não pode ficar em branco"] })
      if (await store.get("plan", body.identifier))
        return invalid({ identifier: ["já está em uso"] })
      const plan: IuguPlan = {
        id: simulatorId(),
        name: body.name,
        identifier: body.identifier,
        interval: body.interval,
        interval_type: "months",
        prices: [{ currency: "BRL", value_cents: body.value_cents }],
      }
      await store.put("plan", plan.identifier, plan)
      return ok(plan)
    }),
    route("POST", "/v1/subscriptions", async (_params, body: IuguSubscriptionBody) => {
      if (!(await store.get("customer", body?.customer_id ?? "")))
        return invalid({ customer_id: ["não encontrado"] })
      const plan = await store.get<IuguPlan>("plan", body.plan_identifier ?? "")
      if (!plan) return invalid({ plan_identifier: ["não encontrado"] })
      if (body.automatic_pix) return startAutomaticPix(body, plan)
      const subscription: IuguSubscription = {
        id: simulatorId(),
        customer_id: body.customer_id,
        plan_identifier: body.plan_identifier,
        expires_at: body.expires_at ?? iuguDate(now()),
        active: true,
        suspended: false,
        custom_variables: body.custom_variables ?? [],
      }
      await store.put("subscription", subscription.id, subscription)
      return ok(subscription)
    }),
    route("GET", "/v1/subscriptions/:id", async (params) => {
      const subscription = await store.get<IuguSubscription>("subscription", params.id!)
      return subscription ? ok(subscription) : notFound()
    }),
    route("POST", "/v1/subscriptions/:id/suspend", async (params) => {
      const subscription = await store.get<IuguSubscription>("subscription", params.id!)
      if (!subscription) return notFound()
      const suspended: IuguSubscription = {
        ...subscription,
        suspended: true,
        active: false,
        ...(subscription.automatic_pix
          ? { automatic_pix: { ...subscription.automatic_pix, status: "CANCELADA" } }
          : {}),
      }
      await store.put("subscription", subscription.id, suspended)
      return ok(suspended)
    }),
  ]

  const handle: SimHandler = async (request) => {
    if (request.headers.authorization !== expectedAuth && request.path !== "/v1/payment_token")
      return { status: 401, body: { errors: "Unauthorized" } }
    return (await dispatch(routes, request)) ?? notFound()
  }

  /** What happens at iugu when the buyer pays, the bank refuses, or money goes back. */
  const setInvoiceStatus = async (id: string, status: IuguInvoiceStatus) => {
    const invoice = await store.get<IuguInvoice>("invoice", id)
    if (!invoice) return null
    const paid = status === "paid"
    const updated: IuguInvoice = {
      ...invoice,
      status,
      paid_cents: paid ? invoice.total_cents : invoice.paid_cents,
      paid_at: paid ? now().toISOString() : invoice.paid_at,
    }
    await saveInvoice(updated)
    return updated
  }

  return {
    handle,

    getInvoice: (id: string) => store.get<IuguInvoice>("invoice", id),

    setInvoiceStatus,

    /**
     * The buyer pays a boleto at the bank: the invoice stays pending until the bank compensates
     * it, 1 to 3 days later (`compensateDue`). `already` when it was paid before; null when it is
     * not a pending boleto.
     */
    async payBankSlip(id: string) {
      const invoice = await store.get<IuguInvoice>("invoice", id)
      if (!invoice || invoice.payable_with !== "bank_slip") return null
      const earlier = await store.get<BankPayment>("bank_payment", id)
      if (earlier) return { ...earlier, already: true }
      if (invoice.status !== "pending") return null
      const payment = bankCompensation(id, now())
      await store.put("bank_payment", id, payment)
      return { ...payment, already: false }
    },

    /** Boletos whose compensation day has come are paid; returns their invoices. */
    async compensateDue(): Promise<IuguInvoice[]> {
      const paid: IuguInvoice[] = []
      for (const payment of await store.list<BankPayment>("bank_payment")) {
        if (payment.done || Date.parse(payment.compensatesAt) > now().getTime()) continue
        await store.put("bank_payment", payment.id, { ...payment, done: true })
        const invoice = await setInvoiceStatus(payment.id, "paid")
        if (invoice) paid.push(invoice)
      }
      return paid
    },

    /** iugu's notification: form-encoded, authenticated only by the value set at registration. */
    webhook(invoice: IuguInvoice, authorization: string): IuguWebhook {
      const form = new URLSearchParams({
        event: "invoice.status_changed",
        "data[id]": invoice.id,
        "data[status]": invoice.status,
        "data[account_id]": options.accountId,
      })
      if (invoice.subscription_id) form.set("data[subscription_id]", invoice.subscription_id)
      return {
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: form.toString(),
      }
    },

    /**
     * What the payer's bank answers to a journey 3 QR: APROVADA pays the first invoice too;
     * REJEITADA or EXPIRADA leave it unpaid and stop the subscription.
     */
    async answerAutomaticPix(id: string, status: "APROVADA" | "REJEITADA" | "EXPIRADA") {
      const subscription = await store.get<IuguSubscription>("subscription", id)
      if (!subscription?.automatic_pix || subscription.automatic_pix.status !== "CRIADA")
        return null
      const approved = status === "APROVADA"
      const first = subscription.recent_invoices?.[0]
      const stored = first ? await store.get<IuguInvoice>("invoice", first.id) : null
      let invoice: IuguInvoice | null = null
      if (stored) {
        invoice = approved
          ? {
              ...stored,
              status: "paid",
              paid_cents: stored.total_cents,
              paid_at: now().toISOString(),
            }
          : { ...stored, status: "expired" }
        await saveInvoice(invoice)
      }
      const updated: IuguSubscription = {
        ...subscription,
        active: approved,
        automatic_pix: { ...subscription.automatic_pix, status },
      }
      await store.put("subscription", id, updated)
      return { subscription: updated, invoice }
    },

    /** The payer's next debit fails (no balance, or the payer refused it at the bank). */
    async failNextDebit(id: string) {
      await store.put("automatic_pix_fail", id, { pending: true })
    },

    /**
     * Charges every active subscription whose date has come, and `dueNow` (one subscription id)
     * ahead of its date, as if the date had come; returns the new invoices. Each charge moves
     * the next date one interval on from the previous date.
     */
    async renewDue({ dueNow }: { dueNow?: string } = {}): Promise<IuguInvoice[]> {
      const today = iuguDate(now())
      const created: IuguInvoice[] = []
      for (const subscription of await store.list<IuguSubscription>("subscription")) {
        if (!subscription.active || subscription.suspended || !subscription.expires_at) continue
        if (subscription.expires_at > today && subscription.id !== dueNow) continue
        const plan = await store.get<IuguPlan>("plan", subscription.plan_identifier)
        const customer = await store.get<IuguCustomer>("customer", subscription.customer_id)
        if (!plan || !customer) continue
        if (subscription.automatic_pix) {
          // Pix Automático debits only an approved recurrence; a debit that fails leaves the
          // period's invoice expired and the recurrence in place for the next period.
          if (subscription.automatic_pix.status !== "APROVADA") continue
          const fail = await store.get<{ pending: boolean }>("automatic_pix_fail", subscription.id)
          const fails = !!fail?.pending
          if (fails) await store.put("automatic_pix_fail", subscription.id, { pending: false })
          const debit = await newInvoice({
            email: customer.email,
            items: [
              { description: plan.name, quantity: 1, price_cents: plan.prices[0]!.value_cents },
            ],
            payable_with: "pix",
            custom_variables: subscription.custom_variables,
            subscription_id: subscription.id,
            status: fails ? "expired" : "paid",
          })
          const next = addMonths(new Date(`${subscription.expires_at}T12:00:00Z`), plan.interval)
          await store.put("subscription", subscription.id, {
            ...subscription,
            expires_at: iuguDate(next),
            recent_invoices: [
              { id: debit.id, status: debit.status, due_date: debit.due_date },
              ...(subscription.recent_invoices ?? []),
            ],
          })
          created.push(debit)
          continue
        }
        const method = customer.default_payment_method_id
          ? await store.get<StoredMethod>("payment_method", customer.default_payment_method_id)
          : null
        const approved = !!method && method.number !== sandboxDeclinedCard
        const invoice = await newInvoice({
          email: customer.email,
          items: [
            { description: plan.name, quantity: 1, price_cents: plan.prices[0]!.value_cents },
          ],
          payable_with: "credit_card",
          custom_variables: subscription.custom_variables,
          subscription_id: subscription.id,
          status: approved ? "paid" : "pending",
        })
        const next = addMonths(new Date(`${subscription.expires_at}T12:00:00Z`), plan.interval)
        await store.put("subscription", subscription.id, {
          ...subscription,
          expires_at: iuguDate(next),
        })
        created.push(invoice)
      }
      return created
    },
  }
}

function publicMethod(method: StoredMethod): IuguPaymentMethod {
  return {
    id: method.id,
    description: method.description,
    item_type: method.item_type,
    data: method.data,
  }
}

export type IuguSimulator = ReturnType<typeof createIuguSimulator>
