/**
 * User-facing texts outside form validation (those live in validation.ts), quoted exactly from
 * the product spec (§4, §5, §8), so the app and the server say the same thing.
 */

export const UNEXPECTED_ERROR = "Houve um erro inesperado."
export const PIX_PAYMENT_ERROR = "Houve um erro ao gerar novo pagamento via PIX"
export const CARD_PAYMENT_ERROR = "Houve um erro ao gerar novo pagamento via Cartão de Crédito"
export const CHOOSE_PASSWORD_ERROR = "Houve um erro ao alterar a sua senha."
export const CARDS_LOAD_ERROR = "Houve um erro inesperado ao capturar cartões."
export const SUBSCRIPTION_LOAD_ERROR = "Erro ao carregar os dados de assinatura"

export const COPY_CODE_ERROR = "Houve um erro ao copiar seu código"
export const COPY_LINK_OK = "Copiado com sucesso"
export const COPY_LINK_ERROR = "Ops! Houve algum erro ao copiar o seu link"

export const LEAD_SUCCESS =
  "Recebemos as suas informações. Em breve entraremos em contato para inciarmos o seu cadastro."

export const CANCEL_CONFIRM = "Tem certeza que deseja cancelar sua assinatura?"
export const CANCEL_REDIRECT = "Você será redirecionado a página de cancelamento da sua assinatura."
export const CANCEL_OK = "Assinatura cancelada com sucesso"

export const PASSWORD_UPDATED = "Senha atualizada com sucesso"

export const RECEIPT_NO_FILE = "Nenhum arquivo foi selecionado"
export const RECEIPT_END_TO_END_INVALID = "Código da transação Pix inválido"
export const RECEIPT_ONLY_IMAGES =
  "Apenas imagens são permitidas. Tire um print do seu comprovante e tente novamente."
export const RECEIPT_FILE_NOT_FOUND =
  "Não conseguimos identificar o arquivo. Abra o link pelo browser chrome e tente novamente."

/** Shown when the 30-minute Pix countdown ends, before going back to checkout. */
export const PIX_EXPIRED =
  "O código Pix copia e cola expirou. Refaça o processo para gerar um novo código de pagamento."

/** Said by more than one server module (the owner's and the admin's screens). */
export const PROFILE_NOT_FOUND = "Perfil não encontrado"
export const USERNAME_TAKEN = "Este nome de usuário já está em uso"
export const SUBSCRIPTION_NOT_FOUND = "Assinatura não encontrada"
