import type { LegalSection } from "./legal-content.ts"

type PrivacyInput = { productName: string; supportEmail: string; companyId: string }

/** The privacy policy (spec §1): what is collected, why, for how long, and whom to ask. */
export function privacySections({
  productName,
  supportEmail,
  companyId,
}: PrivacyInput): LegalSection[] {
  return [
    {
      id: "dados-coletados",
      title: "Dados que coletamos",
      blocks: [
        `Para funcionar, o ${productName} coleta os seguintes dados pessoais:`,
        {
          list: [
            "nome;",
            "endereço postal;",
            "e-mail;",
            "nome de usuário;",
            "data de nascimento;",
            "foto do CPF;",
            "dados bancários.",
          ],
        },
        "A foto do CPF, o endereço e os dados bancários são pedidos apenas a Criadores, para confirmar a identidade e fazer os repasses das vendas.",
      ],
    },
    {
      id: "uso-dos-dados",
      title: "Como usamos os dados",
      blocks: [
        "Usamos os seus dados para criar e manter a sua conta, processar assinaturas e pagamentos, liberar o acesso ao conteúdo, prevenir fraudes, cumprir obrigações legais e falar com você sobre a sua conta.",
        "A data de nascimento serve para confirmar que você tem 18 anos ou mais: a Plataforma não é destinada a menores de idade.",
      ],
    },
    {
      id: "compartilhamento",
      title: "Compartilhamento",
      blocks: [
        "Não vendemos os seus dados. Compartilhamos apenas o necessário com provedores de pagamento, serviços de verificação contra robôs, de atendimento e de hospedagem, e com autoridades quando a lei exigir.",
        "Os dados do cartão de crédito são enviados diretamente ao provedor de pagamento e nunca passam pelos nossos servidores.",
      ],
    },
    {
      id: "retencao",
      title: "Por quanto tempo guardamos",
      blocks: [
        "Guardamos os dados enquanto a sua conta estiver ativa. Os dados pessoais são apagados seis meses após o encerramento da conta, exceto os que a lei nos obriga a manter por mais tempo, como registros fiscais e de acesso.",
      ],
    },
    {
      id: "seus-direitos",
      title: "Seus direitos",
      blocks: [
        "Pela Lei Geral de Proteção de Dados (LGPD), você pode pedir a qualquer momento a confirmação de que tratamos os seus dados, o acesso a eles, a correção, a portabilidade, a exclusão e informações sobre com quem os compartilhamos.",
      ],
    },
    {
      id: "seguranca",
      title: "Segurança",
      blocks: [
        "Usamos conexão criptografada, senhas guardadas de forma irreversível e acesso restrito aos dados. Nenhum sistema é totalmente imune a falhas: se algo acontecer, avisaremos você e as autoridades como manda a lei.",
      ],
    },
    {
      id: "contato",
      title: "Contato",
      blocks: [
        `O ${productName} é operado pela empresa inscrita no CNPJ ${companyId}.`,
        {
          text: "Para exercer os seus direitos ou tirar dúvidas sobre privacidade, escreva para",
          email: supportEmail,
        },
      ],
    },
  ]
}
