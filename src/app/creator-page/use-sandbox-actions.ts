import { mutate } from "swr"
import { keys } from "../../api/keys.ts"
import {
  simulateAutomaticPixAnswer,
  simulatePayment,
  usePaymentsConfig,
} from "../../api/payments.ts"
import type { SandboxActions } from "../../screens/checkout/sandbox-controls.tsx"
import { viewer } from "../stores/auth-store.ts"
import { useIdle } from "../use-idle.ts"

/**
 * "Simular pagamento" / "Simular recusa", only when the server runs sandbox payments. The
 * server's mode is asked once the page has painted: the pages that offer them open on the
 * payment, and a request started with their first paint delays it on a slow phone.
 */
export function useSandboxActions(
  username: string,
  paymentId: string | undefined,
): SandboxActions | undefined {
  const sandbox = usePaymentsConfig(useIdle()).data?.mode === "sandbox"
  if (!sandbox || !paymentId) return undefined
  const settle = async (outcome: "pay" | "refuse") => {
    const subscription = await simulatePayment(paymentId, outcome)
    await mutate(keys.subscription(username, viewer()), subscription, { revalidate: false })
  }
  return { onPay: () => settle("pay"), onRefuse: () => settle("refuse") }
}

/**
 * The sandbox's bank answering a Pix Automático trial's authorisation, which has no payment to
 * settle: approved, the follower goes on as she would from her bank app; refused, she is told.
 */
export function useSandboxAuthorization(
  username: string,
  subscriptionId: string | undefined,
  { onApproved, onRefused }: { onApproved: () => void; onRefused: () => void },
): SandboxActions | undefined {
  const sandbox = usePaymentsConfig(useIdle() && !!subscriptionId).data?.mode === "sandbox"
  if (!sandbox || !subscriptionId) return undefined
  const answer = async (outcome: "pay" | "refuse") => {
    const subscription = await simulateAutomaticPixAnswer(subscriptionId, outcome)
    await mutate(keys.subscription(username, viewer()), subscription, { revalidate: false })
    if (outcome === "pay") onApproved()
    else onRefused()
  }
  return { onPay: () => answer("pay"), onRefuse: () => answer("refuse") }
}
