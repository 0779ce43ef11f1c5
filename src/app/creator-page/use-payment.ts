import { useNavigate } from "../routing/route-views.tsx"
import { mutate } from "swr"
import { createIuguCardSubscription } from "../../api/iugu.ts"
import { keys } from "../../api/keys.ts"
import { createMercadoPagoCheckout, createMercadoPagoPix } from "../../api/mercado-pago.ts"
import { createBoleto, createPix } from "../../api/payments.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import type { BoletoPayer } from "../../domain/boleto.ts"
import type { Plan, Profile, Subscription } from "../../domain/models.ts"
import type { MercadoPagoMethod } from "../../screens/payment/gateway-blocks.tsx"
import type { IuguPayment } from "../../screens/payment/iugu-card-block.tsx"
import { track, trackBoletoGenerated } from "../analytics.ts"
import { botCheckToken } from "../bot-check.ts"
import { paymentSessionId } from "../card-tokenizer.ts"
import { authStore, viewer } from "../stores/auth-store.ts"
import { creatorPaths } from "./paths.ts"

/**
 * The payment page's actions, one per gateway (spec §2, §7); each ends on the status page. Each
 * takes the applied coupon's code last, when the buyer has one for the plan.
 */
export function usePayment(username: string, profile: Pick<Profile, "paymentGateway">) {
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const { data: current } = useSubscription(username, viewer())
  const toStatus = async (subscription: Subscription) => {
    await mutate(keys.subscription(username, viewer()), subscription, { revalidate: false })
    await navigate(paths.paymentStatus)
  }
  // One key per submission: a repeated request is answered once, never charged twice.
  const newKey = () => crypto.randomUUID()

  return {
    /** Mercado Pago's own page takes the card or the payment link. */
    async continueWithMercadoPago(method: MercadoPagoMethod, plan: Plan, coupon?: string) {
      if (method === "credit_card") track("payment_credit", username)
      const kind = method === "credit_card" ? "card" : "link"
      const { url } = await createMercadoPagoCheckout(username, kind, plan.id, newKey(), coupon)
      window.location.assign(url)
    },
    async generatePix(plan: Plan, coupon?: string) {
      await toStatus(
        profile.paymentGateway === "mercadoPagoPixOnly"
          ? await createMercadoPagoPix(username, plan.id, newKey(), coupon)
          : await createPix(username, plan.id, newKey(), coupon),
      )
    },
    /** The follower picked boleto on the page. */
    chooseBoleto() {
      track("payment_boleto", username)
    },
    async generateBoleto(payer: BoletoPayer, plan: Plan, coupon?: string) {
      const { subscription } = await createBoleto(
        username,
        current?.id ?? null,
        { planId: plan.id, ...payer, ...(coupon ? { coupon } : {}) },
        newKey(),
      )
      if (subscription.payment) trackBoletoGenerated(subscription.payment.id, username)
      await toStatus(subscription)
    },
    async subscribeWithIugu({ coupon, ...payment }: IuguPayment & { coupon?: string }) {
      track("payment_credit", username)
      const { account, email } = authStore.get()
      const buyer = {
        email: account?.email ?? email ?? "",
        planName: payment.plan.name,
        typeAuth: "existing_user" as const,
        token: await botCheckToken(),
        ...(coupon ? { coupon } : {}),
      }
      const card =
        "card" in payment
          ? {
              creditCardToken: payment.card.token,
              sessionId: paymentSessionId(),
              accountName: payment.card.accountName,
              accountDocument: payment.card.accountDocument,
              cardHolderName: payment.card.cardHolderName,
              cardBin: payment.card.bin,
              cardEnd: payment.card.last4,
            }
          : { paymentMethodId: payment.paymentMethodId }
      const result = await createIuguCardSubscription(username, { ...buyer, ...card }, newKey())
      await toStatus(result.subscription)
    },
  }
}
