import { AlertProvider } from "../components/ui/alert.tsx"
import type { Subscription } from "../domain/models.ts"
import { PaymentStatusContent } from "../screens/payment/payment-status-content.tsx"
import {
  paymentStatusKind,
  type PaymentStatusKind,
} from "../screens/payment/payment-status-kind.ts"
import { billingStates } from "../testing/fixtures/billing-status.ts"
import { makeProfile } from "../testing/fixtures/profile.ts"

/**
 * Every state of the payment status screen, keyed by the screen's own list of states: a new
 * state fails the typecheck here until it has its sentence. The title and the next step shown
 * are the screen's own, rendered from the same component.
 */
const states: Record<PaymentStatusKind, { when: string; subscription: Subscription | null }> = {
  noSubscription: {
    when: "A pessoa abre o status sem ter assinado a criadora.",
    subscription: null,
  },
  whitelist: {
    when: "A criadora colocou a seguidora na lista VIP: acesso sem pagamento.",
    subscription: billingStates.whitelist,
  },
  noPayment: {
    when: "A assinatura existe, mas nenhum pagamento foi criado ainda.",
    subscription: billingStates.noPayment,
  },
  pendingBoleto: {
    when: "O boleto foi gerado e o banco ainda não compensou (1 a 3 dias úteis).",
    subscription: billingStates.pendingBoleto,
  },
  pendingCard: {
    when: "A operadora do cartão ainda analisa a cobrança.",
    subscription: billingStates.pendingCard,
  },
  pendingLink: {
    when: "A seguidora foi ao link de pagamento e a confirmação não chegou.",
    subscription: billingStates.pendingLink,
  },
  pendingPixKey: {
    when: "Pix na chave da criadora, antes de a seguidora enviar o comprovante.",
    subscription: billingStates.pendingPixBacen,
  },
  pendingPixMercadoPago: {
    when: "Pix pelo provedor, dentro dos 30 minutos do código.",
    subscription: billingStates.pendingPixMercadoPago,
  },
  pixInAnalysis: {
    when: "O comprovante foi enviado e a criadora ainda não conferiu.",
    subscription: billingStates.pendingPixWithReceipt,
  },
  failedWithReceipt: {
    when: "A criadora recusou o comprovante enviado.",
    subscription: billingStates.failedPixWithReceipt,
  },
  failedWithoutReceipt: {
    when: "O Pix não foi identificado e nenhum comprovante foi enviado.",
    subscription: billingStates.failedPixWithoutReceipt,
  },
  failed: {
    when: "O cartão recusou a cobrança.",
    subscription: {
      ...billingStates.canceled,
      payment: { ...billingStates.canceled.payment!, status: "failed" },
    },
  },
  paid: { when: "O pagamento foi confirmado.", subscription: billingStates.paid },
  canceled: {
    when: "O provedor cancelou ou rejeitou o pagamento.",
    subscription: billingStates.canceled,
  },
  refunded: {
    when: "O valor foi devolvido à seguidora; o acesso termina.",
    subscription: billingStates.refunded,
  },
  overdue: {
    when: "O prazo para pagar passou sem pagamento.",
    subscription: billingStates.overdue,
  },
  chargedback: {
    when: "A seguidora contestou a cobrança junto à operadora do cartão.",
    subscription: billingStates.chargedback,
  },
}

const profile = makeProfile()

export function PaymentStatusCatalogue() {
  return (
    // The receipt form reports through the app's alert, as on the screen.
    <AlertProvider>
      <div className="grid gap-4 sm:grid-cols-2">
        {Object.entries(states).map(([kind, { when, subscription }]) => (
          <article
            key={kind}
            className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
          >
            <p className="text-sm">
              <strong>Quando acontece:</strong> {when}
            </p>
            {paymentStatusKind(subscription) === kind ? null : (
              <p role="alert">O exemplo deste estado mostra outro estado: corrija o catálogo.</p>
            )}
            <PaymentStatusContent
              kind={kind as PaymentStatusKind}
              payment={subscription?.payment ?? null}
              profile={profile}
              profileHref="#"
              paymentHref="#"
              updateCardHref={kind === "failed" || kind === "overdue" ? "#" : undefined}
              onUploadReceipt={async () => {}}
              copyToClipboard={async () => {}}
            />
            <p className="text-xs text-muted">
              Estado <code>{kind}</code>
            </p>
          </article>
        ))}
      </div>
    </AlertProvider>
  )
}
