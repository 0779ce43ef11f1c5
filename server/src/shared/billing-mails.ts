import { formatDate } from "../../../src/domain/dates.ts"
import { accessUntilLabel } from "../../../src/domain/pix-automatic.ts"
import { PIX_CODE_TTL_MS } from "../../../src/domain/constants.ts"
import type { PaymentMethod } from "../../../src/domain/models.ts"
import { formatBRL } from "../../../src/domain/money.ts"
import { composeMail } from "../adapters/mail/compose.ts"
import type { OutgoingMail } from "../adapters/mail/mailer.ts"

const mail = composeMail

export interface CreatorRef {
  fullName: string
  username: string
}

const profileUrl = (publicUrl: string, creator: CreatorRef) => `${publicUrl}/${creator.username}`

export function paymentApprovedMail(
  to: string,
  creator: CreatorRef,
  periodEnd: Date | null,
  publicUrl: string,
): OutgoingMail {
  return mail(
    to,
    "Pagamento aprovado",
    [
      `Seu pagamento da assinatura do Close Friends de ${creator.fullName} (@${creator.username}) foi aprovado.`,
      ...(periodEnd ? [`Seu acesso vale até ${formatDate(periodEnd)}.`] : []),
    ],
    { href: profileUrl(publicUrl, creator), label: "Ver o conteúdo" },
  )
}

export function receiptRejectedMail(
  to: string,
  creator: CreatorRef,
  publicUrl: string,
): OutgoingMail {
  return mail(
    to,
    "Comprovante não aprovado",
    [
      `${creator.fullName} não confirmou o recebimento do seu Pix pelo comprovante enviado.`,
      "Se você pagou, envie o comprovante correto ou fale com a criadora. Você também pode escolher outro plano.",
    ],
    { href: `${profileUrl(publicUrl, creator)}/payment/status`, label: "Ver o pagamento" },
  )
}

export function receiptToReviewMail(
  to: string,
  buyerEmail: string,
  amountCents: number,
  publicUrl: string,
): OutgoingMail {
  return mail(
    to,
    "Novo comprovante de Pix para analisar",
    [
      `${buyerEmail} enviou o comprovante de um Pix de ${formatBRL(amountCents)} para a sua chave.`,
      "Confira na sua conta bancária e aprove ou recuse o comprovante no estúdio.",
    ],
    { href: `${publicUrl}/studio`, label: "Abrir o estúdio" },
  )
}

/**
 * Three days before a period paid by hand ends. No code is sent: a Pix code lasts 30 minutes, so
 * the link opens the payment page, where the follower generates one when ready to pay.
 */
export function renewalReminderMail(
  to: string,
  creator: CreatorRef,
  periodEnd: Date,
  publicUrl: string,
  method: PaymentMethod | null,
): OutgoingMail {
  const minutes = PIX_CODE_TTL_MS / 60_000
  return mail(
    to,
    "Sua assinatura vence em breve",
    [
      `Seu acesso ao Close Friends de ${creator.fullName} (@${creator.username}) vai até ${formatDate(periodEnd)}.`,
      method === "boleto"
        ? "Para renovar, abra a página de pagamento pelo botão abaixo e gere um novo boleto ou um Pix. O boleto leva de 1 a 3 dias úteis para ser confirmado; o Pix é confirmado na hora."
        : `Para renovar, abra a página de pagamento pelo botão abaixo e gere o código Pix: ele vale por ${minutes} minutos a partir de quando é gerado.`,
      "Pagando antes dessa data, o novo período começa quando o atual terminar.",
    ],
    { href: `${profileUrl(publicUrl, creator)}/payment`, label: "Renovar agora" },
  )
}

/** A Pix Automático debit failed: access stays for the grace period; a one-off Pix pays it. */
export function automaticPixFailedMail(
  to: string,
  creator: CreatorRef,
  accessUntil: Date,
  publicUrl: string,
): OutgoingMail {
  return mail(
    to,
    "Não conseguimos debitar seu Pix Automático",
    [
      `O débito do Close Friends de ${creator.fullName} (@${creator.username}) não foi realizado pelo seu banco.`,
      `Você mantém o ${accessUntilLabel(accessUntil)}. Pague com um Pix avulso para continuar: o Pix Automático segue ativo para os próximos períodos.`,
    ],
    { href: `${profileUrl(publicUrl, creator)}/payment`, label: "Pagar com Pix" },
  )
}

/** A Pix Automático authorisation the bank refused or that expired unapproved: nothing was debited. */
export function automaticPixNotAuthorisedMail(
  to: string,
  creator: CreatorRef,
  status: "REJEITADA" | "EXPIRADA",
  publicUrl: string,
): OutgoingMail {
  const what = `o Close Friends de ${creator.fullName} (@${creator.username})`
  return mail(
    to,
    "Seu Pix Automático não foi autorizado",
    [
      status === "REJEITADA"
        ? `Seu banco recusou a autorização do Pix Automático para ${what}. Nenhum valor foi debitado.`
        : `A autorização do Pix Automático para ${what} expirou sem ser aprovada no seu banco. Nenhum valor foi debitado.`,
      "Para assinar, pague com um Pix avulso ou escolha o Pix Automático de novo.",
    ],
    { href: `${profileUrl(publicUrl, creator)}/payment`, label: "Pagar com Pix" },
  )
}
