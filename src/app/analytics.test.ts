import { renderHook } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { AnalyticsEventInput } from "../domain/analytics.ts"
import type { Payment } from "../domain/models.ts"
import { makePayment } from "../testing/fixtures/subscription.ts"
import { trackBoletoGenerated, useTrackBoleto } from "./analytics.ts"

const sendEvent = vi.hoisted(() => vi.fn(async (_event: AnalyticsEventInput) => ({})))
vi.mock("../api/events.ts", () => ({ sendEvent }))

const boleto = (overrides: Partial<Payment> = {}) =>
  makePayment({
    id: `boleto-${Math.random()}`,
    paymentMethod: "boleto",
    pixCode: null,
    boletoUrl: "https://boleto.example/1",
    ...overrides,
  })
const sent = () => sendEvent.mock.calls.map(([event]) => event)

describe("boleto events (spec §4)", () => {
  afterEach(() => sendEvent.mockClear())

  it("logs the boleto page and, once per boleto, that it was generated", () => {
    const payment = boleto()
    const page = renderHook(() => useTrackBoleto(payment, "demo"))
    expect(sent()).toEqual([
      { name: "payment_boleto", username: "demo" },
      { name: "boleto_generated", username: "demo" },
    ])
    page.rerender()
    page.unmount()
    // Seen again (a refresh, another visit): the page is logged, the boleto is not.
    renderHook(() => useTrackBoleto(payment, "demo"))
    expect(sent().filter((e) => e.name === "boleto_generated")).toHaveLength(1)
    expect(sent().filter((e) => e.name === "payment_boleto")).toHaveLength(2)
  })

  it("counts no boleto for a Pix, a paid boleto or one without its link yet", () => {
    renderHook(() => useTrackBoleto(makePayment(), "demo"))
    renderHook(() => useTrackBoleto(null, "demo"))
    expect(sent()).toEqual([])
    renderHook(() => useTrackBoleto(boleto({ status: "paid" }), "demo"))
    renderHook(() => useTrackBoleto(boleto({ boletoUrl: null }), "demo"))
    expect(sent().map((e) => e.name)).toEqual(["payment_boleto", "payment_boleto"])
  })

  it("logs a boleto generated when it arrives on a page already open", () => {
    const payment = boleto()
    const page = renderHook(({ current }) => useTrackBoleto(current, "demo"), {
      initialProps: { current: null as Payment | null },
    })
    expect(sent()).toEqual([])
    page.rerender({ current: payment })
    expect(sent().map((e) => e.name)).toEqual(["payment_boleto", "boleto_generated"])
  })

  it("counts a boleto issued on the payment page once, not again on its status page", () => {
    const payment = boleto()
    trackBoletoGenerated(payment.id, "demo")
    trackBoletoGenerated(payment.id, "demo")
    renderHook(() => useTrackBoleto(payment, "demo"))
    expect(sent().map((e) => e.name)).toEqual(["boleto_generated", "payment_boleto"])
  })
})
