import { useEffect } from "react"
import { useNavigate } from "../routing/route-views.tsx"
import { useSubscription } from "../../api/subscriptions.ts"
import { PIX_POLL_INTERVAL_MS } from "../../domain/constants.ts"
import type { Plan, Subscription } from "../../domain/models.ts"
import { recurrenceFrequency } from "../../domain/pix-automatic.ts"
import { totalCents } from "../../domain/plans.ts"
import type { PixPaymentScreenProps } from "../../screens/checkout/pix-payment-screen.tsx"
import { useSession } from "../session.ts"
import { creatorPaths } from "./paths.ts"
import { useSandboxActions } from "./use-sandbox-actions.ts"

/** Stable across renders: SWR restarts its timer whenever this option changes. */
const pollUntilPaid = (latest: Subscription | null | undefined) =>
  latest?.payment?.status === "paid" ? 0 : PIX_POLL_INTERVAL_MS

/** The Pix page shows the code once the subscription has one. */
export function toPixView(
  subscription: Subscription | null | undefined,
): PixPaymentScreenProps["view"] {
  const payment = subscription?.payment
  return payment?.pixCode ? { status: "ready", payment } : { status: "loading" }
}

/**
 * Pix Automático's first payment, still awaiting the bank's authorisation: this code also
 * authorises the recurring debit. A subscription takes its plan when paid; until then the
 * plan is the one this amount buys.
 */
export function toAutomaticPix(
  subscription: Subscription | null | undefined,
  plans: readonly Plan[],
): PixPaymentScreenProps["automaticPix"] {
  const payment = subscription?.payment
  if (!payment || subscription.recurrenceStatus !== "CRIADA") return null
  const plan = subscription.plan ?? plans.find((p) => totalCents(p) === payment.amountCents)
  return plan
    ? { amountCents: payment.amountCents, frequency: recurrenceFrequency(plan.name) }
    : null
}

/**
 * "Falta pouco!": the subscription is reloaded now (by the page's guard, which opens it) and
 * every 5 s until its payment is paid, then on to success; leaving the page stops the polling
 * (spec §4).
 */
export function usePixPayment(username: string, plans: readonly Plan[], code: string | null) {
  const { viewer } = useSession()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const { data } = useSubscription(username, viewer, { refreshInterval: pollUntilPaid })
  const paid = data?.payment?.status === "paid"
  const sandbox = useSandboxActions(username, data?.payment?.id)

  const successPath = paths.checkoutSuccess(code)
  useEffect(() => {
    if (paid) void navigate(successPath, { replace: true })
  }, [paid, navigate, successPath])

  return {
    view: toPixView(data),
    automaticPix: toAutomaticPix(data, plans),
    sandbox,
    expired: () => void navigate(paths.checkout),
  }
}
