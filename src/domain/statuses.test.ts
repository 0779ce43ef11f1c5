import { describe, expect, it } from "vitest"
import {
  PaymentStatusSchema,
  SubscriptionStatusSchema,
  type Payment,
  type Subscription,
} from "./models.ts"
import {
  PIX_CODE_TTL_MS,
  paymentStatuses,
  subscriptionStatuses,
  accessUntil,
  canCancel,
  canUpdateCard,
  hasAccess,
  isCardPaymentDue,
  isPaymentExpired,
  isPixCodeExpired,
  nextStepAfterLogin,
  pixCodeExpiresAt,
  settingsStatusTarget,
  statusLabel,
  subscribeTarget,
  subscriptionLabel,
  subscriptionStatusLabel,
} from "./statuses.ts"

describe("status names", () => {
  it("are the lists the wire schemas accept", () => {
    expect(subscriptionStatuses).toEqual(SubscriptionStatusSchema.options)
    expect(paymentStatuses).toEqual(PaymentStatusSchema.options)
    expect(subscriptionStatuses).toEqual(
      expect.arrayContaining(["pending", "paid", "unpaid", "canceled", "trialing", "whitelist"]),
    )
    expect(paymentStatuses).toEqual(expect.arrayContaining(["analyzing", "refunded", "overdue"]))
  })
})

const NOW = new Date("2026-05-10T12:00:00Z")
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()
const HOUR = 3_600_000
const DAY = 24 * HOUR

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: "p1",
    id: "p1",
    status: "pending",
    amountCents: 1199,
    paymentMethod: "pix",
    paymentGateway: "iugu",
    boletoUrl: null,
    pixCode: "000201...",
    pixUrl: null,
    receiptUrl: null,
    receiptManualApproved: null,
    createdAt: at(-5 * 60_000),
    expiresAt: null,
    ...overrides,
  }
}

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: "s1",
    id: "s1",
    createdAt: at(-10 * DAY),
    updatedAt: at(-10 * DAY),
    from: "account-1",
    to: "ana",
    performer: { username: "ana", fullName: "Ana", profilePic: null },
    menageUrl: null,
    paymentMethod: "pix",
    plan: { id: "m", name: "MONTHLY", valueCents: 1000 },
    payment: payment({ status: "paid" }),
    status: "paid",
    currentPeriodStart: at(-10 * DAY),
    currentPeriodEnd: at(20 * DAY),
    canceledDate: null,
    refundedDate: null,
    failedDate: null,
    ...overrides,
  }
}

describe("labels", () => {
  it("names statuses in pt-BR, others raw, none as Nenhum", () => {
    expect(statusLabel("analyzing")).toBe("Em análise")
    expect(statusLabel("pending")).toBe("aguardando pagamento")
    expect(statusLabel("canceled")).toBe("cancelado")
    expect(statusLabel("paid")).toBe("pago")
    expect(statusLabel("unpaid")).toBe("pendente")
    expect(statusLabel("trialing")).toBe("em trial")
    expect(statusLabel("whitelist")).toBe("lista vip")
    expect(statusLabel("refunded")).toBe("refunded")
    expect(statusLabel("")).toBe("Nenhum")
    expect(statusLabel(null)).toBe("Nenhum")
    expect(subscriptionStatusLabel(undefined)).toBe("Nenhum")
  })

  it("labels the subscription cancelada, ativa or inativa", () => {
    expect(subscriptionLabel(subscription(), NOW)).toBe("ativa")
    expect(subscriptionLabel(subscription({ canceledDate: at(-DAY) }), NOW)).toBe("cancelada")
    expect(subscriptionLabel(subscription({ currentPeriodEnd: at(-1) }), NOW)).toBe("inativa")
    expect(subscriptionLabel(subscription({ status: "pending" }), NOW)).toBe("inativa")
    expect(subscriptionLabel(null, NOW)).toBe("inativa")
  })
})

describe("access", () => {
  it("lasts while the period runs for paid and trialing subscriptions", () => {
    expect(hasAccess(subscription(), NOW)).toBe(true)
    expect(hasAccess(subscription({ status: "trialing" }), NOW)).toBe(true)
    expect(accessUntil(subscription())?.toISOString()).toBe(at(20 * DAY))
    expect(hasAccess(subscription({ currentPeriodEnd: at(-1) }), NOW)).toBe(false)
    expect(hasAccess(subscription({ currentPeriodEnd: NOW.toISOString() }), NOW)).toBe(false)
    expect(hasAccess(subscription({ currentPeriodEnd: null }), NOW)).toBe(false)
  })

  it("gives none to pending or unpaid subscriptions, even inside a period", () => {
    expect(hasAccess(subscription({ status: "pending" }), NOW)).toBe(false)
    expect(hasAccess(subscription({ status: "unpaid" }), NOW)).toBe(false)
    expect(accessUntil(subscription({ status: "unpaid" }))).toBeNull()
  })

  it("keeps access through the grace period after a failed Pix Automático debit", () => {
    const failed = subscription({
      status: "unpaid",
      failedDate: at(-DAY),
      currentPeriodEnd: at(2 * DAY),
    })
    expect(accessUntil(failed)?.toISOString()).toBe(at(2 * DAY))
    expect(hasAccess(failed, NOW)).toBe(true)
    expect(hasAccess(failed, new Date(NOW.getTime() + 2 * DAY + 1))).toBe(false)
    expect(hasAccess(null, NOW)).toBe(false)
  })

  it("keeps a cancelled-but-paid subscription until its period ends", () => {
    const cancelled = subscription({ status: "canceled", canceledDate: at(-DAY) })
    expect(hasAccess(cancelled, NOW)).toBe(true)
    expect(hasAccess(cancelled, at(20 * DAY + 1))).toBe(false)
    expect(hasAccess(subscription({ canceledDate: at(-DAY) }), NOW)).toBe(true)
  })

  it("gives none to a canceled status without a cancellation date, or after a refund", () => {
    expect(hasAccess(subscription({ status: "canceled" }), NOW)).toBe(false)
    expect(hasAccess(subscription({ refundedDate: at(-HOUR) }), NOW)).toBe(false)
  })

  it("lets a whitelisted subscriber in with or without a period end", () => {
    expect(hasAccess(subscription({ status: "whitelist", currentPeriodEnd: null }), NOW)).toBe(true)
    expect(hasAccess(subscription({ status: "whitelist" }), NOW)).toBe(true)
    expect(hasAccess(subscription({ status: "whitelist", currentPeriodEnd: at(-1) }), NOW)).toBe(
      false,
    )
  })

  it("works on server rows holding Date objects", () => {
    const row = {
      status: "paid",
      currentPeriodEnd: new Date(NOW.getTime() + DAY),
      canceledDate: null,
    }
    expect(hasAccess(row, NOW)).toBe(true)
    expect(hasAccess(row, new Date(NOW.getTime() + 2 * DAY))).toBe(false)
  })
})

describe("expiry", () => {
  it("expires a payment one day after creation", () => {
    expect(isPaymentExpired(at(-DAY + 1), NOW)).toBe(false)
    expect(isPaymentExpired(at(-DAY), NOW)).toBe(true)
    expect(isPaymentExpired(new Date(NOW.getTime() - 2 * DAY), NOW)).toBe(true)
    expect(isPaymentExpired(null, NOW)).toBe(true)
    expect(isPaymentExpired("not a date", NOW)).toBe(true)
  })

  it("expires a Pix code 30 minutes after creation unless the payment says otherwise", () => {
    expect(PIX_CODE_TTL_MS).toBe(30 * 60_000)
    const fresh = payment({ createdAt: at(-29 * 60_000) })
    expect(isPixCodeExpired(fresh, NOW)).toBe(false)
    expect(pixCodeExpiresAt(fresh).toISOString()).toBe(at(60_000))
    expect(isPixCodeExpired(payment({ createdAt: at(-30 * 60_000) }), NOW)).toBe(true)
    expect(isPixCodeExpired(payment({ createdAt: at(-HOUR), expiresAt: at(HOUR) }), NOW)).toBe(
      false,
    )
    expect(isPixCodeExpired(payment({ createdAt: at(-60_000), expiresAt: at(-1) }), NOW)).toBe(true)
    expect(isPixCodeExpired({ createdAt: "garbage" }, NOW)).toBe(true)
  })
})

describe("navigation", () => {
  it("after login: active -> profile", () => {
    expect(nextStepAfterLogin(subscription(), NOW)).toBe("profile")
  })

  it("after login: a fresh pending payment or one in analysis -> payment status", () => {
    const pending = subscription({ status: "pending", currentPeriodEnd: null, payment: payment() })
    expect(nextStepAfterLogin(pending, NOW)).toBe("payment-status")
    const analyzing = subscription({
      status: "pending",
      currentPeriodEnd: null,
      payment: payment({ status: "analyzing", createdAt: at(-3 * DAY) }),
    })
    expect(nextStepAfterLogin(analyzing, NOW)).toBe("payment-status")
  })

  it("after login: expired, missing or failed payments and no subscription -> payment", () => {
    const old = subscription({ status: "pending", payment: payment({ createdAt: at(-DAY) }) })
    expect(nextStepAfterLogin(old, NOW)).toBe("payment")
    expect(nextStepAfterLogin(subscription({ status: "pending", payment: null }), NOW)).toBe(
      "payment",
    )
    expect(
      nextStepAfterLogin(
        subscription({ status: "unpaid", payment: payment({ status: "failed" }) }),
        NOW,
      ),
    ).toBe("payment")
    expect(nextStepAfterLogin(null, NOW)).toBe("payment")
  })

  it("subscribe click: auth, payment or payment status", () => {
    expect(subscribeTarget(false, subscription({ status: "pending" }))).toBe("auth")
    expect(subscribeTarget(true, null)).toBe("payment")
    expect(subscribeTarget(true, subscription({ status: "pending", payment: null }))).toBe(
      "payment-status",
    )
    expect(
      subscribeTarget(
        true,
        subscription({ status: "unpaid", payment: payment({ status: "analyzing" }) }),
      ),
    ).toBe("payment-status")
    expect(
      subscribeTarget(
        true,
        subscription({ status: "canceled", payment: payment({ status: "canceled" }) }),
      ),
    ).toBe("payment")
    expect(
      subscribeTarget(
        true,
        subscription({ status: "unpaid", payment: payment({ status: "failed" }) }),
      ),
    ).toBe("payment")
  })

  it("settings status row: nothing for whitelist, trialing and paid", () => {
    expect(settingsStatusTarget(subscription({ status: "whitelist" }))).toBeNull()
    expect(settingsStatusTarget(subscription({ status: "trialing" }))).toBeNull()
    expect(settingsStatusTarget(subscription())).toBeNull()
  })

  it("settings status row: payment status while waiting, payment otherwise", () => {
    expect(settingsStatusTarget(subscription({ status: "pending" }))).toBe("payment-status")
    expect(
      settingsStatusTarget(
        subscription({ status: "unpaid", payment: payment({ status: "analyzing" }) }),
      ),
    ).toBe("payment-status")
    expect(
      settingsStatusTarget(
        subscription({ status: "unpaid", payment: payment({ status: "failed" }) }),
      ),
    ).toBe("payment")
    expect(settingsStatusTarget(subscription({ status: "canceled", payment: null }))).toBe(
      "payment",
    )
    expect(settingsStatusTarget(null)).toBe("payment")
  })

  it("cancel: only an active subscription not cancelled yet", () => {
    expect(canCancel(subscription(), NOW)).toBe(true)
    expect(canCancel(subscription({ canceledDate: at(-HOUR) }), NOW)).toBe(false)
    expect(canCancel(subscription({ currentPeriodEnd: at(-1) }), NOW)).toBe(false)
    expect(canCancel(subscription({ status: "pending" }), NOW)).toBe(false)
    expect(canCancel(null, NOW)).toBe(false)
  })

  it("card payment due: a card payment refused or overdue, nothing else", () => {
    const card = (status: Payment["status"]) =>
      subscription({ payment: payment({ paymentMethod: "credit_card", status }) })
    expect(isCardPaymentDue(card("failed"))).toBe(true)
    expect(isCardPaymentDue(card("overdue"))).toBe(true)
    for (const status of ["pending", "paid", "canceled", "refunded"] as const)
      expect(isCardPaymentDue(card(status)), status).toBe(false)
    const pix = payment({ paymentMethod: "pix", status: "failed" })
    expect(isCardPaymentDue(subscription({ payment: pix }))).toBe(false)
    expect(isCardPaymentDue(subscription({ payment: null }))).toBe(false)
    expect(isCardPaymentDue(null)).toBe(false)
  })

  it("update card: an active card subscription that renews, or a card payment due", () => {
    const card = (over: Partial<Subscription> = {}) =>
      subscription({
        paymentMethod: "credit_card",
        payment: payment({ paymentMethod: "credit_card", status: "paid" }),
        ...over,
      })
    expect(canUpdateCard(card(), NOW)).toBe(true)
    const refused = payment({ paymentMethod: "credit_card", status: "failed" })
    expect(canUpdateCard(card({ status: "unpaid", payment: refused }), NOW)).toBe(true)
    const overdue = payment({ paymentMethod: "credit_card", status: "overdue" })
    expect(canUpdateCard(card({ currentPeriodEnd: at(-DAY), payment: overdue }), NOW)).toBe(true)
    // Nothing renews: a cancelled or ended card subscription has no card to change.
    expect(canUpdateCard(card({ canceledDate: at(-HOUR) }), NOW)).toBe(false)
    expect(canUpdateCard(card({ currentPeriodEnd: at(-1) }), NOW)).toBe(false)
    expect(canUpdateCard(subscription(), NOW)).toBe(false)
    const boleto = payment({ paymentMethod: "boleto", status: "overdue" })
    expect(canUpdateCard(subscription({ paymentMethod: "boleto", payment: boleto }), NOW)).toBe(
      false,
    )
    expect(canUpdateCard(null, NOW)).toBe(false)
  })
})
