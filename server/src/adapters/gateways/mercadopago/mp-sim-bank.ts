import { randomInt, randomUUID } from "node:crypto"
import { addMonths } from "../../../../../src/domain/dates.ts"
import { bankCompensation, type BankPayment } from "../sandbox/sandbox-pix.ts"
import type { MercadoPagoSimulatorOptions } from "./mp-simulator.ts"
import { signManifest } from "./mp-signature.ts"
import type { MpPayment, MpPaymentStatus, MpPreapproval, MpPreference } from "./mp-types.ts"

export interface MercadoPagoWebhook {
  /** `data.id=...&type=payment`, appended to the notification URL. */
  query: string
  headers: Record<string, string>
  body: string
}

/** How the simulator makes and keeps a payment (mp-simulator.ts). */
export type MpSimPayments = {
  newPayment: (
    fields: Partial<MpPayment> & Pick<MpPayment, "transaction_amount">,
  ) => Promise<MpPayment>
  savePayment: (payment: MpPayment) => Promise<unknown>
}

/**
 * What happens at Mercado Pago outside the API: checkout pages paid, boletos compensated,
 * preapprovals renewed, and the signed notifications it posts.
 */
export function mercadoPagoSimBank(
  options: MercadoPagoSimulatorOptions,
  { newPayment, savePayment }: MpSimPayments,
) {
  const { store, now } = options

  /** A card or account-money payment made on a checkout page (preapproval or preference). */
  const payCheckout = async (
    checkout: { kind: "preapproval" | "preference"; id: string },
    approved: boolean,
  ): Promise<MpPayment | null> => {
    if (checkout.kind === "preapproval") {
      const preapproval = await store.get<MpPreapproval>("preapproval", checkout.id)
      if (!preapproval || preapproval.status === "cancelled") return null
      const payment = await newPayment({
        transaction_amount: preapproval.auto_recurring.transaction_amount,
        description: preapproval.reason,
        status: approved ? "approved" : "rejected",
        status_detail: approved ? "accredited" : "cc_rejected_insufficient_amount",
        payment_method_id: "visa",
        payment_type_id: "credit_card",
        external_reference: preapproval.external_reference,
        metadata: { preapproval_id: preapproval.id },
      })
      if (approved)
        await store.put("preapproval", preapproval.id, {
          ...preapproval,
          status: "authorized",
          next_payment_date: addMonths(now(), preapproval.auto_recurring.frequency).toISOString(),
        })
      return payment
    }
    const preference = await store.get<MpPreference>("preference", checkout.id)
    if (!preference) return null
    const total = preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0)
    return newPayment({
      transaction_amount: Math.round(total * 100) / 100,
      description: preference.items[0]?.title ?? "",
      status: approved ? "approved" : "rejected",
      status_detail: approved ? "accredited" : "cc_rejected_other_reason",
      payment_method_id: approved ? "account_money" : "master",
      payment_type_id: approved ? "account_money" : "credit_card",
      external_reference: preference.external_reference,
    })
  }

  const setPaymentStatus = async (id: string, status: MpPaymentStatus) => {
    const payment = await store.get<MpPayment>("payment", id)
    if (!payment) return null
    const updated: MpPayment = {
      ...payment,
      status,
      status_detail: status === "approved" ? "accredited" : status,
      date_approved: status === "approved" ? now().toISOString() : payment.date_approved,
    }
    await savePayment(updated)
    return updated
  }

  return {
    getPayment: (id: string) => store.get<MpPayment>("payment", id),
    getPreapproval: (id: string) => store.get<MpPreapproval>("preapproval", id),

    setPaymentStatus,

    /**
     * The buyer pays a boleto (bolbradesco) at the bank: the payment stays pending until the bank
     * compensates it, 1 to 3 days later (`compensateDue`). `already` when it was paid before;
     * null when it is not a pending boleto.
     */
    async payBoleto(id: string) {
      const payment = await store.get<MpPayment>("payment", id)
      if (!payment || payment.payment_type_id !== "ticket") return null
      const earlier = await store.get<BankPayment>("bank_payment", id)
      if (earlier) return { ...earlier, already: true }
      if (payment.status !== "pending") return null
      const paid = bankCompensation(id, now())
      await store.put("bank_payment", id, paid)
      return { ...paid, already: false }
    },

    /** Boletos whose compensation day has come are approved; returns those payments. */
    async compensateDue(): Promise<MpPayment[]> {
      const approved: MpPayment[] = []
      for (const paid of await store.list<BankPayment>("bank_payment")) {
        if (paid.done || Date.parse(paid.compensatesAt) > now().getTime()) continue
        await store.put("bank_payment", paid.id, { ...paid, done: true })
        const payment = await setPaymentStatus(paid.id, "approved")
        if (payment) approved.push(payment)
      }
      return approved
    },

    payCheckout,

    /** Charges every authorized preapproval whose next payment date has come. */
    async renewDue(): Promise<MpPayment[]> {
      const created: MpPayment[] = []
      for (const preapproval of await store.list<MpPreapproval>("preapproval")) {
        if (preapproval.status !== "authorized" || !preapproval.next_payment_date) continue
        if (new Date(preapproval.next_payment_date).getTime() > now().getTime()) continue
        const payment = await newPayment({
          transaction_amount: preapproval.auto_recurring.transaction_amount,
          description: preapproval.reason,
          status: "approved",
          status_detail: "accredited",
          payment_method_id: "visa",
          payment_type_id: "credit_card",
          external_reference: preapproval.external_reference,
          metadata: { preapproval_id: preapproval.id },
        })
        await store.put("preapproval", preapproval.id, {
          ...preapproval,
          next_payment_date: addMonths(
            preapproval.next_payment_date,
            preapproval.auto_recurring.frequency,
          ).toISOString(),
        })
        created.push(payment)
      }
      return created
    },

    /** The notification Mercado Pago posts: JSON body, `?data.id=&type=`, signed headers. */
    notification(
      resourceId: string | number,
      secret: string,
      topic: "payment" | "subscription_preapproval" = "payment",
    ): MercadoPagoWebhook {
      const dataId = String(resourceId)
      const requestId = randomUUID()
      const ts = String(Math.floor(now().getTime() / 1000))
      const v1 = signManifest(secret, { dataId, requestId, ts })
      return {
        query: new URLSearchParams({ "data.id": dataId, type: topic }).toString(),
        headers: {
          "content-type": "application/json",
          "x-signature": `ts=${ts},v1=${v1}`,
          "x-request-id": requestId,
        },
        body: JSON.stringify({
          id: randomInt(1_000_000, 9_999_999),
          live_mode: false,
          type: topic,
          date_created: now().toISOString(),
          user_id: 123456789,
          api_version: "v1",
          action: topic === "payment" ? "payment.updated" : "updated",
          data: { id: dataId },
        }),
      }
    },
  }
}
