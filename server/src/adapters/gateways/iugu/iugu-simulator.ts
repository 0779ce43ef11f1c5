import { cardBrand } from "../../../../../src/domain/card-number.ts"
import { dispatch, route, type SimHandler, type SimRoute } from "../sandbox/simulator-http.ts"
import { simulatorId, type BankPayment } from "../sandbox/sandbox-pix.ts"
import { journeyFourSubscription } from "./iugu-automatic-trial-sim.ts"
import { iuguDate } from "./iugu-gateway.ts"
import { iuguSimBank } from "./iugu-sim-bank.ts"
import { iuguSimCards } from "./iugu-sim-cards.ts"
import {
  invalid,
  iuguSimInvoices,
  notFound,
  ok,
  publicMethod,
  type IuguSimulatorOptions,
  type StoredMethod,
  type StoredToken,
} from "./iugu-sim-store.ts"
import type {
  IuguChargeBody,
  IuguCustomer,
  IuguInvoice,
  IuguInvoiceBody,
  IuguPaymentTokenBody,
  IuguPlan,
  IuguPlanBody,
  IuguSubscription,
  IuguSubscriptionBody,
} from "./iugu-types.ts"

export type { IuguSimulatorOptions } from "./iugu-sim-store.ts"
export type { IuguWebhook } from "./iugu-sim-bank.ts"

/**
 * iugu in a box: the endpoints of payments.md with iugu's request and response shapes, a test
 * card that is declined, and webhooks as iugu posts them. Sandbox mode runs it in process; the
 * live adapter's tests serve it over HTTP.
 */
export function createIuguSimulator(options: IuguSimulatorOptions) {
  const { store, now } = options
  const expectedAuth = `Basic ${Buffer.from(`${options.apiToken}:`).toString("base64")}`
  const invoices = iuguSimInvoices(options)
  const { newInvoice, saveInvoice } = invoices
  const { tokenErrors, charge } = iuguSimCards(options, invoices)
  const bank = iuguSimBank(options, invoices)

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

  return { handle, ...bank }
}

export type IuguSimulator = ReturnType<typeof createIuguSimulator>
