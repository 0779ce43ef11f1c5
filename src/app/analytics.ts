import { useEffect } from "react"
import { sendEvent } from "../api/events.ts"
import type { AnalyticsEventName } from "../domain/analytics.ts"
import type { Payment } from "../domain/models.ts"
import { whenIdle } from "./when-idle.ts"

/**
 * The visit events of spec §4, all through here. A lost event must never disturb the person,
 * so failures (an old server without the sink, no network) are ignored.
 */
export function track(name: AnalyticsEventName, username?: string): void {
  sendEvent({ name, ...(username ? { username } : {}) }).catch(() => undefined)
}

/**
 * Logs a visit once per page and creator, when the browser is idle: the page opening (and a
 * server-rendered page coming to life) goes first.
 */
export function useTrackVisit(name: AnalyticsEventName, username?: string): void {
  useEffect(() => {
    whenIdle(() => track(name, username))
  }, [name, username])
}

// Boletos already counted in this tab: the status page refreshes and is visited again.
const generatedBoletos = new Set<string>()

/** A boleto just issued on the payment page: counted here, so its status page does not again. */
export function trackBoletoGenerated(paymentId: string, username: string): void {
  if (generatedBoletos.has(paymentId)) return
  generatedBoletos.add(paymentId)
  track("boleto_generated", username)
}

/**
 * A boleto payment on the page: its visit ("payment_boleto") each time, and once per boleto
 * that it was generated, when the page first shows one waiting to be paid.
 */
export function useTrackBoleto(
  payment: Pick<Payment, "id" | "paymentMethod" | "status" | "boletoUrl"> | null | undefined,
  username: string,
): void {
  const boleto = payment?.paymentMethod === "boleto"
  const generated = boleto && payment.status === "pending" && payment.boletoUrl ? payment.id : null
  useEffect(() => {
    if (boleto) track("payment_boleto", username)
  }, [boleto, username])
  useEffect(() => {
    if (generated) trackBoletoGenerated(generated, username)
  }, [generated, username])
}
