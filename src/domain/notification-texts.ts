/**
 * What the new-content notifications say, apart from their schemas (notifications.ts): the
 * switch on a creator's page shows its label without loading zod.
 */

export const notifyToggleLabel = "Avisar quando tiver novidade"
export const notificationsOnMessage = "Pronto! Vamos avisar quando tiver novidade."
export const notificationsOffMessage = "Você não receberá mais avisos desta criadora."
export const notificationsNeedAccessMessage =
  "Só quem tem uma assinatura ativa pode receber avisos de novidades."
export const pushUnsupportedMessage =
  "Este navegador não recebe notificações. Você ainda receberá o resumo por e-mail."
export const pushDeniedMessage =
  "As notificações estão bloqueadas neste navegador. Você ainda receberá o resumo por e-mail."
export const unsubscribeDoneMessage = "Pronto! Você não receberá mais e-mails de novidades de"
export const unsubscribeInvalidMessage =
  "Este link de descadastro não é válido. Gerencie os avisos em Minha conta."
