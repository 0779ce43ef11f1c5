import type { ComponentProps, ReactNode } from "react"
import type { Clock } from "../../components/clock.ts"
import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { formatBRL } from "../../domain/money.ts"
import type { Payment, Profile } from "../../domain/models.ts"
import type { PaymentStatusKind } from "./payment-status-kind.ts"
import { PixPaymentTabs } from "./pix-payment-tabs.tsx"
import { ReceiptUpload, type ReceiptUploadProps } from "./receipt-upload.tsx"
import { StatusMessage, type StatusMessageProps } from "./status-message.tsx"

export type PaymentStatusContentProps = {
  kind: PaymentStatusKind
  payment: Payment | null
  profile: Pick<Profile, "fullName" | "pix">
  profileHref: string
  paymentHref: string
  /** A refused or overdue card payment that a new card can pay ("Atualizar cartão"). */
  updateCardHref?: string
  onUploadReceipt: ReceiptUploadProps["onUploadReceipt"]
  onOpenBoleto?: () => void
  /** Times the receipt picker's warning. */
  clock?: Clock
  copyToClipboard?: (text: string) => Promise<void>
}

type Content = Pick<StatusMessageProps, "tone" | "title"> & { text: ReactNode; footer?: ReactNode }

function LinkButton({
  href,
  variant = "primary",
  children,
  ...props
}: { href: string; variant?: "primary" | "secondary" | "link"; children: ReactNode } & Omit<
  ComponentProps<"a">,
  "href"
>) {
  return (
    <AppLink
      href={href}
      className={buttonVariants({ variant, block: variant !== "link" })}
      {...props}
    >
      {children}
    </AppLink>
  )
}

/** The explanation and next step for each payment state (spec §4). */
export function PaymentStatusContent(props: PaymentStatusContentProps) {
  const content = contentFor(props)
  return (
    <StatusMessage tone={content.tone} title={content.title} footer={content.footer}>
      {content.text}
    </StatusMessage>
  )
}

function contentFor({
  kind,
  payment,
  profile,
  profileHref,
  paymentHref,
  updateCardHref,
  onUploadReceipt,
  onOpenBoleto,
  clock,
  copyToClipboard,
}: PaymentStatusContentProps): Content {
  const creator = profile.fullName
  const amount = payment ? formatBRL(payment.amountCents) : ""
  const goToProfile = <LinkButton href={profileHref}>Ir para o perfil</LinkButton>
  const choosePlan = <LinkButton href={paymentHref}>Escolher plano</LinkButton>
  const chooseAnotherPlan = <LinkButton href={paymentHref}>Escolher outro plano</LinkButton>
  // A new card first, when one can pay what is due; choosing a plan again stays possible.
  const orUpdateCard = (next: ReactNode) =>
    updateCardHref ? (
      <>
        <LinkButton href={updateCardHref}>Atualizar cartão</LinkButton>
        <LinkButton href={paymentHref} variant="secondary">
          Escolher outro plano
        </LinkButton>
      </>
    ) : (
      next
    )
  const upload = <ReceiptUpload onUploadReceipt={onUploadReceipt} clock={clock} />

  switch (kind) {
    case "noSubscription":
      return {
        tone: "neutral",
        title: "Nenhuma assinatura encontrada",
        text: <p>Escolha um plano para assinar o Close Friends de {creator}.</p>,
        footer: choosePlan,
      }
    case "whitelist":
      return {
        tone: "success",
        title: "Você está na lista Vip",
        text: <p>Seu acesso ao Close Friends de {creator} está liberado, sem pagamento.</p>,
        footer: goToProfile,
      }
    case "noPayment":
      return {
        tone: "neutral",
        title: "Não encontramos nenhum pagamento cadastrado",
        text: <p>Escolha um plano e a forma de pagamento para liberar o seu acesso.</p>,
        footer: <LinkButton href={paymentHref}>Fazer pagamento</LinkButton>,
      }
    case "pendingBoleto":
      return {
        tone: "warning",
        title: "Boleto gerado",
        text: (
          <>
            <p>Pague o boleto de {amount} no app do seu banco ou em uma lotérica.</p>
            <p>
              A confirmação leva de 1 a 3 dias úteis. Assim que o pagamento for confirmado, você
              será redirecionado automaticamente para o perfil.
            </p>
          </>
        ),
        footer: (
          <>
            {payment?.boletoUrl ? (
              <a
                href={payment.boletoUrl}
                target="_blank"
                rel="noreferrer"
                onClick={onOpenBoleto}
                className={buttonVariants({ block: true })}
              >
                Ver boleto
              </a>
            ) : null}
            <LinkButton href={paymentHref} variant="secondary">
              Trocar forma de pagamento
            </LinkButton>
          </>
        ),
      }
    case "pendingCard":
      return {
        tone: "warning",
        title: "Pagamento em análise",
        text: (
          <p>
            A operadora do seu cartão de crédito está analisando o pagamento de {amount}. Isso
            costuma levar poucos minutos e esta página se atualiza sozinha.
          </p>
        ),
      }
    case "pendingLink":
      return {
        tone: "warning",
        title: "Aguardando pagamento",
        text: (
          <p>
            Ainda não recebemos a confirmação do pagamento feito pelo link. Se você já pagou,
            aguarde alguns minutos; se preferir, escolha outro plano.
          </p>
        ),
        footer: chooseAnotherPlan,
      }
    case "pendingPixKey":
      return {
        tone: "warning",
        title: "Aguardando pagamento do PIX",
        text: (
          <p>Pague {amount} pelo PIX com uma das opções abaixo e depois envie o comprovante.</p>
        ),
        footer: (
          <>
            {payment ? (
              <PixPaymentTabs
                payment={payment}
                pix={profile.pix}
                copyToClipboard={copyToClipboard}
              />
            ) : null}
            {upload}
          </>
        ),
      }
    case "pendingPixMercadoPago":
      return {
        tone: "warning",
        title: "Aguardando pagamento do PIX",
        text: (
          <p>
            Pague {amount} pelo PIX. A confirmação é automática e esta página se atualiza sozinha.
          </p>
        ),
        footer: payment ? (
          <>
            <PixPaymentTabs payment={payment} copyToClipboard={copyToClipboard} />
            <p className="text-center text-sm text-muted">Código válido por 30 minutos</p>
          </>
        ) : null,
      }
    case "pixInAnalysis":
      return {
        tone: "warning",
        title: "PIX em análise",
        text: (
          <>
            <p>Recebemos o seu PIX e ele está em análise.</p>
            <p>
              Isso pode levar algumas horas. Você receberá um e-mail assim que o status do pagamento
              mudar.
            </p>
          </>
        ),
      }
    case "failedWithReceipt":
      return {
        tone: "danger",
        title: "Pagamento não autorizado",
        text: (
          <p>
            Não conseguimos confirmar o seu PIX com o comprovante enviado. Escolha outro plano para
            tentar de novo.
          </p>
        ),
        footer: chooseAnotherPlan,
      }
    case "failedWithoutReceipt":
      return {
        tone: "danger",
        title: "Pagamento não autorizado",
        text: (
          <p>
            Não identificamos o seu PIX. Se você já pagou, tente enviar o comprovante novamente.
          </p>
        ),
        footer: upload,
      }
    case "failed":
      return {
        tone: "danger",
        title: "Pagamento não autorizado",
        text: <p>O pagamento não foi autorizado. Escolha outro plano para tentar de novo.</p>,
        footer: orUpdateCard(chooseAnotherPlan),
      }
    case "paid":
      return {
        tone: "success",
        title: "Pagamento aprovado",
        text: <p>Tudo certo! Seu acesso ao Close Friends de {creator} está liberado.</p>,
        footer: goToProfile,
      }
    case "canceled":
      return {
        tone: "danger",
        title: "Pagamento rejeitado",
        text: <p>Seu pagamento foi rejeitado. Escolha um plano para tentar novamente.</p>,
        footer: choosePlan,
      }
    case "refunded":
      return {
        tone: "neutral",
        title: "Pagamento estornado",
        text: <p>O valor de {amount} foi estornado e o seu acesso foi encerrado.</p>,
        footer: choosePlan,
      }
    case "overdue":
      return {
        tone: "danger",
        title: "Pagamento vencido",
        text: <p>O prazo para pagar terminou. Escolha um plano para gerar um novo pagamento.</p>,
        footer: orUpdateCard(choosePlan),
      }
    case "chargedback":
      return {
        tone: "neutral",
        title: "Pagamento contestado",
        text: (
          <p>
            O pagamento foi contestado junto à operadora do cartão e o valor de {amount} será
            reembolsado.
          </p>
        ),
        footer: choosePlan,
      }
  }
}
