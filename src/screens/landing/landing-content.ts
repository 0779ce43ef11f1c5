import { PRODUCT_NAME } from "../../domain/constants.ts"

/** The landing page's copy (spec §1): six benefits and the steps of how it works. */

export type Benefit = { title: string; text: string }

export const benefits: Benefit[] = [
  {
    title: "Membros entram e saem sozinhos",
    text: "Quem assina é adicionado ao seu Close Friends e removido automaticamente quando o plano termina.",
  },
  {
    title: "Pix direto na sua conta",
    text: "O pagamento por Pix pode cair direto na conta do influenciador, sem esperar repasse.",
  },
  {
    title: "Você só paga se vender",
    text: "Sem mensalidade e sem taxa de adesão: a plataforma só ganha quando você vende.",
  },
  {
    title: "Planos do seu jeito",
    text: "Ofereça assinatura mensal, trimestral ou semestral, com o preço que você escolher.",
  },
  {
    title: "Pix, cartão ou boleto",
    text: "Seus seguidores pagam como preferirem, com aprovação na hora no Pix e no cartão.",
  },
  {
    title: "Suporte de verdade",
    text: "Atendimento por pessoas, no WhatsApp, para você e para quem assina o seu conteúdo.",
  },
]

export const steps: Benefit[] = [
  {
    title: "Deixe o seu contato",
    text: "Preencha o formulário de interesse e a nossa equipe fala com você.",
  },
  {
    title: "Monte os seus planos",
    text: "Defina os preços e escreva a bio da sua página de vendas.",
  },
  {
    title: "Divulgue o seu link",
    text: "Compartilhe a sua página nos stories e na bio. Quem assina entra no seu Close Friends.",
  },
  {
    title: "Publique e receba",
    text: "Poste os stories como sempre. As vendas entram e a lista se atualiza sozinha.",
  },
]

export const SUPPORT_HELP_MESSAGE = `Olá! Preciso de ajuda com o ${PRODUCT_NAME}.`
export const SUPPORT_CREATE_ACCOUNT_MESSAGE = `Olá! Quero criar a minha conta no ${PRODUCT_NAME}.`
