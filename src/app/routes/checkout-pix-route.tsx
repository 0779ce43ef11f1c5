import { useEffect } from "react"
import { useNavigate, useSearchParams } from "react-router"
import { useSubscription } from "../../api/subscriptions.ts"
import { PIX_POLL_INTERVAL_MS } from "../../domain/constants.ts"
import type { Subscription } from "../../domain/models.ts"
import { recurrenceFrequency } from "../../domain/pix-automatic.ts"
import { totalCents } from "../../domain/plans.ts"
import { PixPaymentScreen } from "../../screens/checkout/pix-payment-screen.tsx"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { useSandboxActions } from "../creator/use-sandbox-actions.ts"
import { useSession } from "../session.ts"
import { useNow } from "../use-now.ts"

/** Stable across renders: SWR restarts its timer whenever this option changes. */
const pollUntilPaid = (latest: Subscription | null | undefined) =>
  latest?.payment?.status === "paid" ? 0 : PIX_POLL_INTERVAL_MS

/**
 * "Falta pouco!": the subscription is reloaded now and every 5 s until its payment is paid,
 * then on to success; leaving the page stops the polling (spec §4).
 */
export default function CheckoutPixRoute() {
  const { username, profile } = useCreator()
  const { viewer } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const now = useNow()
  const paths = creatorPaths(username)
  const code = params.get("code")
  const { data } = useSubscription(username, viewer, {
    revalidateOnMount: true,
    refreshInterval: pollUntilPaid,
  })
  const payment = data?.payment
  const paid = payment?.status === "paid"
  const sandbox = useSandboxActions(username, payment?.id)
  // A subscription takes its plan when paid; until then the plan is the one this amount buys.
  const plan = data?.plan ?? profile.plans.find((p) => totalCents(p) === payment?.amountCents)

  const successPath = paths.checkoutSuccess(code)
  useEffect(() => {
    if (paid) void navigate(successPath, { replace: true })
  }, [paid, navigate, successPath])

  return (
    <PixPaymentScreen
      view={payment?.pixCode ? { status: "ready", payment } : { status: "loading" }}
      now={now}
      showInstructions
      onExpired={() => void navigate(paths.checkout)}
      // Awaiting authorisation: this code is Pix Automático's first payment (journey 3).
      automaticPix={
        payment && data?.recurrenceStatus === "CRIADA" && plan
          ? { amountCents: payment.amountCents, frequency: recurrenceFrequency(plan.name) }
          : null
      }
      sandbox={sandbox}
    />
  )
}
