import { mutate } from "swr"
import { keys } from "../../api/keys.ts"
import { simulatePayment, usePaymentsConfig } from "../../api/payments.ts"
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
