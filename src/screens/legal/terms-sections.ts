import type { LegalSection } from "./legal-content.ts"

type TermsInput = { productName: string; supportEmail: string; companyId: string }

/** The thirteen numbered sections of the terms of use (spec §1), in their published order. */
export function termsSections({
  productName,
  supportEmail,
  companyId,
}: TermsInput): LegalSection[] {
  return [
    {
      id: "definicoes",
      title: "Definições",
      blocks: [
        "Para facilitar a leitura destes termos, usamos as palavras abaixo com o seguinte sentido:",
        {
          list: [
            `Plataforma: o site ${productName} e todos os serviços oferecidos por ele.`,
            "Criador: a pessoa que vende assinaturas do seu conteúdo de Close Friends na Plataforma.",
            "Assinante: a pessoa que compra uma assinatura para ver o conteúdo de um Criador.",
            "Usuário: qualquer pessoa que acessa a Plataforma, com ou sem conta.",
            "Conteúdo: stories, fotos, destaques, textos e qualquer outro material publicado na Plataforma.",
            "Plano: o período da assinatura escolhido pelo Assinante (mensal, trimestral ou semestral).",
          ],
        },
      ],
    },
    {
      id: "cadastro",
      title: "Cadastro de conta",
      blocks: [
        "Para assinar ou vender conteúdo é preciso criar uma conta com um e-mail válido e uma senha pessoal. Você é responsável por manter a senha em segredo e por tudo o que for feito com a sua conta.",
        "A Plataforma não é destinada a menores de 18 anos. Ao criar uma conta, você declara ter 18 anos ou mais e plena capacidade civil. Contas de menores de idade serão encerradas assim que identificadas.",
        "Os dados informados no cadastro devem ser verdadeiros e mantidos atualizados. Podemos pedir documentos que confirmem a sua identidade, principalmente de Criadores, antes de liberar os recebimentos.",
      ],
    },
    {
      id: "assinaturas",
      title: "Assinaturas e pagamentos",
      blocks: [
        "O Assinante escolhe um dos planos oferecidos pelo Criador e paga por Pix, cartão de crédito ou boleto. Ao valor do plano é somada uma taxa de serviço, mostrada no resumo da compra antes do pagamento.",
        "O acesso ao conteúdo é liberado quando o pagamento é confirmado: na hora para Pix e cartão, e em até 3 dias úteis para boleto. O Assinante é adicionado e removido da lista de Close Friends do Criador automaticamente, de acordo com o plano.",
        "A assinatura vale até o fim do período pago. Ao cancelar, o acesso continua até essa data e não há nova cobrança. Os valores já pagos não são devolvidos, salvo nos casos previstos no Código de Defesa do Consumidor.",
      ],
    },
    {
      id: "desativacao",
      title: "Desativação da conta",
      blocks: [
        "Você pode encerrar a sua conta a qualquer momento em Minha conta, com a sua senha, ou pelo suporte. Ao encerrar, as renovações param e nada mais é cobrado, você sai de todos os aparelhos e o acesso ao conteúdo termina na hora, mesmo no meio de um período pago, que não é devolvido. Para continuar vendo o conteúdo até o fim do período, cancele apenas a assinatura.",
        "Podemos suspender ou encerrar contas que descumpram estes termos ou a lei, que apresentem indícios de fraude ou que causem risco a outros usuários. Sempre que possível, avisaremos o motivo por e-mail.",
        "Os dados pessoais de contas encerradas são apagados seis meses após o encerramento, como descrito na Política de Privacidade.",
      ],
    },
    {
      id: "propriedade-intelectual",
      title: "Propriedade intelectual",
      blocks: [
        `A marca ${productName}, o site, o código e o design da Plataforma pertencem à empresa que a opera e são protegidos pela Lei de Direitos Autorais (Lei nº 9.610/1998) e pela Lei de Propriedade Industrial (Lei nº 9.279/1996).`,
        "O Conteúdo publicado pelo Criador continua sendo dele. A assinatura dá ao Assinante apenas o direito pessoal e intransferível de ver esse Conteúdo enquanto a assinatura estiver ativa.",
      ],
    },
    {
      id: "uso-aceitavel",
      title: "Uso aceitável",
      blocks: [
        "Ao usar a Plataforma, você concorda em não:",
        {
          list: [
            "copiar, gravar, baixar, revender ou divulgar o Conteúdo dos Criadores fora da Plataforma;",
            "compartilhar a sua conta ou a sua senha com outras pessoas;",
            "publicar conteúdo ilegal, que envolva menores de idade, violência, discurso de ódio ou que viole direitos de terceiros;",
            "tentar burlar os pagamentos, os controles de acesso ou a segurança da Plataforma;",
            "usar robôs, scripts ou qualquer meio automatizado para acessar a Plataforma.",
          ],
        },
      ],
    },
    {
      id: "conteudo-do-usuario",
      title: "Conteúdo do usuário",
      blocks: [
        "O Criador é o único responsável pelo Conteúdo que publica e garante ter todos os direitos e autorizações necessários, inclusive das pessoas que aparecem nele.",
        "Para exibir o Conteúdo aos Assinantes, o Criador nos concede uma licença não exclusiva, gratuita e limitada ao funcionamento da Plataforma, que termina quando o Conteúdo é removido.",
        "Podemos remover Conteúdo que viole estes termos ou a lei, inclusive após denúncia de terceiros.",
      ],
    },
    {
      id: "programa-de-indicacao",
      title: "Programa de indicação",
      blocks: [
        "Criadores podem indicar outros Criadores para a Plataforma. Quando houver um programa de indicação ativo, as condições, os valores e os prazos de cada benefício serão informados antes da adesão.",
        "Indicações feitas com dados falsos, para si mesmo ou com qualquer tipo de fraude não geram benefícios e podem levar ao encerramento da conta.",
      ],
    },
    {
      id: "responsabilidade",
      title: "Limitação de responsabilidade",
      blocks: [
        "A Plataforma aproxima Criadores e Assinantes e não se responsabiliza pelas opiniões e pelo Conteúdo publicados pelos Criadores.",
        "Trabalhamos para manter o serviço disponível e seguro, mas podem ocorrer interrupções para manutenção ou por falhas de terceiros, como provedores de pagamento e de internet. Nesses casos, não respondemos por danos indiretos, nos limites permitidos pela lei.",
      ],
    },
    {
      id: "lei-aplicavel",
      title: "Lei aplicável e foro",
      blocks: [
        "Estes termos seguem as leis da República Federativa do Brasil, em especial o Código de Defesa do Consumidor, o Marco Civil da Internet e a Lei Geral de Proteção de Dados (LGPD).",
        "Qualquer disputa será resolvida no foro do domicílio do consumidor.",
      ],
    },
    {
      id: "contato",
      title: "Contato",
      blocks: [
        `A Plataforma é operada pela empresa inscrita no CNPJ ${companyId}.`,
        {
          text: "Dúvidas, pedidos e reclamações sobre estes termos podem ser enviados para",
          email: supportEmail,
        },
      ],
    },
    {
      id: "gestao-de-pagamentos",
      title: "Termos de gestão de pagamentos",
      blocks: [
        "Os pagamentos são processados por instituições de pagamento parceiras. Os dados do cartão são enviados diretamente ao provedor de pagamento e nunca passam pelos nossos servidores.",
        "No Pix, o valor pode ser pago diretamente na conta do Criador. O código Pix copia e cola é válido por 30 minutos; depois disso é preciso gerar um novo.",
        "O Criador só paga se vender: a Plataforma fica com uma parte de cada venda, informada no cadastro do Criador, e não cobra mensalidade. Estornos, contestações e reembolsos seguem as regras do meio de pagamento usado.",
      ],
    },
    {
      id: "uso-do-site",
      title: "Termos de uso do site",
      blocks: [
        "Podemos atualizar estes termos para acompanhar mudanças na Plataforma ou na lei. A data da última modificação fica no topo desta página e, em mudanças importantes, avisaremos por e-mail.",
        "Ao continuar usando a Plataforma depois de uma atualização, você concorda com a nova versão. Se não concordar, pode encerrar a sua conta a qualquer momento.",
      ],
    },
  ]
}
