import { RECEIPT_END_TO_END_INVALID, SUBSCRIPTION_NOT_FOUND } from "../../../src/domain/messages.ts"

/** pt-BR texts the billing calls answer with (the spec's own ones come from src/domain). */

export const endToEndIdMessage = RECEIPT_END_TO_END_INVALID

export const planNotFoundMessage = "Plano não encontrado"
export const salesPausedMessage = "As vendas estão pausadas"
export const ownProfileMessage = "Você não pode assinar o seu próprio perfil."
export const gatewayMismatchMessage = "Esta criadora não recebe por este meio de pagamento."
export const methodUnavailableMessage =
  "Esta forma de pagamento não está disponível para esta criadora."
export const alreadyHasAccessMessage = "Você já tem acesso ao conteúdo desta criadora."
export const autoRenewingMessage = "Sua assinatura já é renovada automaticamente no cartão."
export const receiptInAnalysisMessage =
  "Seu comprovante está em análise. Aguarde a resposta da criadora."
export const cardUnconfirmedMessage =
  "Ainda estamos confirmando seu último pagamento com cartão. Aguarde alguns minutos."
export const gatewayNotConfiguredMessage =
  "Este meio de pagamento não está disponível no momento. Tente outro ou fale com o suporte."
export const subscriptionNotFoundMessage = SUBSCRIPTION_NOT_FOUND
export const notYourSubscriptionMessage = "Esta assinatura não é sua."
export const paymentNotFoundMessage = "Pagamento não encontrado"
export const paymentNotPendingMessage = "Este pagamento já foi concluído."
/** The sandbox's bank was asked again about a Pix Automático it has answered, or never had. */
export const authorizationAnsweredMessage = "Esta autorização do Pix Automático já foi respondida."
export const boletoCompensatingMessage =
  "Este boleto já foi pago. A confirmação leva de 1 a 3 dias úteis."
export const receiptTooLargeMessage = "O comprovante pode ter até 5 MB."
export const receiptReusedMessage =
  "Este comprovante já foi enviado antes. Envie o comprovante deste pagamento."
export const noPixAwaitingReceiptMessage = "Não há pagamento Pix aguardando comprovante."
export const receiptAlreadyReviewedMessage = "Este comprovante já foi analisado."
export const notYourReceiptMessage = "Este comprovante não é de uma assinatura sua."
export const noCardMessage = "Informe os dados do cartão."
export const savedCardNotFoundMessage = "Cartão não encontrado. Escolha outro ou cadastre um novo."
export const automaticPixUnavailableMessage =
  "Pix Automático indisponível para este perfil. Escolha o Pix avulso."
export const automaticPixActiveMessage =
  "Seu Pix Automático já está autorizado. Para pagar este período, escolha o Pix avulso."
export const automaticPixPayerMessage =
  "Informe seu nome e CPF para autorizar o Pix Automático no seu banco."
export const boletoPayerMessage =
  "Para gerar o boleto, informe seu nome, CPF ou CNPJ e endereço (CEP, rua, número, bairro, cidade e UF)."
export const emailRequiredMessage = "Informe seu e-mail ou faça login para continuar."
export const webhookUnauthorizedMessage = "Notificação não autenticada."
export const idempotencyReusedMessage =
  "Esta chave de idempotência já foi usada com outros dados. Gere uma nova chave."
export const idempotencyInProgressMessage =
  "Esta requisição ainda está sendo processada. Aguarde um instante e consulte a assinatura."
export const idempotencyKeyMessage = "Chave de idempotência inválida."
export const unreadableFileMessage = "Não conseguimos ler o arquivo enviado. Tente novamente."
export const paymentInCreationMessage =
  "Estamos gerando o seu pagamento. Aguarde alguns segundos e atualize a página."
