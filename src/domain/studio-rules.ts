import { formatBRL } from "./money.ts"
import type { paymentGateways, paymentMethods } from "./model-names.ts"
import { subscriptionStatuses } from "./model-names.ts"
import { tooLargeMessage } from "./uploads.ts"

/**
 * The creator studio's limits, messages and labels without its zod schemas (studio.ts builds
 * those from them and exports these too): the studio's screens draw their first paint with
 * these alone and load zod only when a form is used.
 */

type PaymentGateway = (typeof paymentGateways)[number]
type PaymentMethod = (typeof paymentMethods)[number]

export const PLAN_PRICE_MIN_CENTS = 500
export const PLAN_PRICE_MAX_CENTS = 1_000_000
export const planPriceMessage = `Informe um valor entre ${formatBRL(PLAN_PRICE_MIN_CENTS)} e ${formatBRL(PLAN_PRICE_MAX_CENTS)}`
export const oneActivePlanMessage = "Mantenha pelo menos um plano ativo"

/** Uploads: a story video up to 100 MB, any image up to 10 MB. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const storyFileTypeMessage =
  "Envie um vídeo (MP4 ou WebM) ou uma imagem (JPEG, PNG ou WebP)."
export const photoFileTypeMessage = "Apenas imagens são permitidas."
/** A video whose structure cannot be followed, so its metadata (location) cannot be removed. */
export const videoUnreadableMessage =
  "Não conseguimos ler este vídeo: o arquivo parece danificado. Exporte-o de novo e envie outra vez."

export const HIGHLIGHT_TITLE_MAX = 30
export const highlightTitleMessage = `O título pode ter até ${HIGHLIGHT_TITLE_MAX} caracteres`
export const highlightStoriesMessage = "Escolha pelo menos um story"
export const HIGHLIGHT_MAX_STORIES = 100
export const DESCRIPTION_MAX = 2200
export const descriptionMessage = `A legenda pode ter até ${DESCRIPTION_MAX} caracteres`

export const bacenNeedsPixMessage =
  "Cadastre uma chave Pix para receber pelo Pix direto na sua conta."

/**
 * "29,90", "R$ 1.234,50", "30" -> cents; null when it is not a price. A dot followed by exactly
 * three digits groups thousands; otherwise a dot or comma is the decimal separator.
 */
export function parsePriceCents(text: string): number | null {
  const clean = text.replace(/R\$/i, "").replace(/\s/g, "")
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(clean)) return null
  const grouped = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(clean)
  const normal = grouped ? clean.replaceAll(".", "").replace(",", ".") : clean.replace(",", ".")
  const [whole = "0", fraction = ""] = normal.split(".")
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"))
}

/** 2990 -> "29,90", the way the price field shows a stored price. */
export function formatPriceInput(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",")
}

export const credentialStatuses = ["sandbox", "configured", "missing"] as const
export type CredentialStatus = (typeof credentialStatuses)[number]

export const gatewayUnavailableMessage =
  "Indisponível: a plataforma ainda não configurou as credenciais deste gateway. Escolha outra forma de receber."

/**
 * A provider without the platform's credentials cannot take a sale, so it cannot be chosen. The
 * Pix direto (bacen) needs only the creator's own key, which she types in the same form.
 */
export const isGatewayUnavailable = (gateway: PaymentGateway, credentials: CredentialStatus) =>
  gateway !== "bacen" && credentials === "missing"

export const GATEWAY_LABELS: Readonly<Record<PaymentGateway, string>> = {
  iugu: "iugu (cartão e Pix)",
  mercadoPago: "Mercado Pago (cartão, Pix e link)",
  mercadoPagoPixOnly: "Mercado Pago (somente Pix)",
  bacen: "Pix direto na sua conta (comprovante)",
}

export const CREDENTIAL_LABELS: Readonly<Record<CredentialStatus, string>> = {
  sandbox: "Ambiente de testes: nenhum dinheiro real é movimentado",
  configured: "Credenciais configuradas",
  missing: "Credenciais não configuradas",
}

export const videoProcessingUnavailableMessage =
  "O servidor não tem ffmpeg: vídeos são publicados como enviados, sem capa nem versão otimizada."

/** Subscribers filter: a subscription status, or "active" for everyone with access right now. */
export const subscriberFilters = ["active", ...subscriptionStatuses] as const
export type SubscriberFilter = (typeof subscriberFilters)[number]

export const whitelistSelfMessage = "Você não pode se adicionar à própria lista VIP."
export const notWhitelistedMessage = "Esta pessoa não está na lista VIP."

export const NUMBERS_MAX_DAYS = 90

/** Why a file may not go: too large for its kind, or not a kind this upload takes. */
export type UploadRefusal =
  { reason: "tooLarge"; kind: "image" | "video" } | { reason: "wrongType"; message: string }

/**
 * What is wrong with a file before it is sent, by the type the browser reports and its size
 * (the server checks the bytes again); null when it may go.
 */
export function uploadRefusal(
  file: { type: string; size: number },
  accept: "image" | "story",
): UploadRefusal | null {
  const isImage = file.type.startsWith("image/")
  const isVideo = file.type.startsWith("video/")
  if (accept === "image" && !isImage) return { reason: "wrongType", message: photoFileTypeMessage }
  if (accept === "story" && !isImage && !isVideo)
    return { reason: "wrongType", message: storyFileTypeMessage }
  if (isVideo && file.size > VIDEO_MAX_BYTES) return { reason: "tooLarge", kind: "video" }
  if (isImage && file.size > IMAGE_MAX_BYTES) return { reason: "tooLarge", kind: "image" }
  return null
}

/** The refusal of `uploadRefusal` in words. */
export function uploadProblem(
  file: { type: string; size: number },
  accept: "image" | "story",
): string | null {
  const refusal = uploadRefusal(file, accept)
  if (!refusal) return null
  return refusal.reason === "tooLarge" ? tooLargeMessage(refusal.kind) : refusal.message
}

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  pix: "Pix",
  credit_card: "Cartão de crédito",
  boleto: "Boleto",
  link: "Link de pagamento",
}
