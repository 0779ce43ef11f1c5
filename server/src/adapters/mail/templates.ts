import { composeMail, escapeHtml, mailButton, mailLayout as layout } from "./compose.ts"
import type { OutgoingMail } from "./mailer.ts"

export function recoveryCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  const subject = "Seu código de verificação"
  return {
    to,
    subject,
    text: `Olá!\n\nSeu código de verificação é ${code}.\nEle vale por ${validMinutes} minutos e pode ser usado uma única vez.\n\nSe você não pediu para trocar a senha, ignore este e-mail.\n\nCloser`,
    html: layout(
      subject,
      `<p>Olá!</p><p>Seu código de verificação é:</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${code}</p>
<p>Ele vale por ${validMinutes} minutos e pode ser usado uma única vez.</p><p>Se você não pediu para trocar a senha, ignore este e-mail.</p>`,
    ),
  }
}

export function passwordChangedMail(to: string): OutgoingMail {
  const subject = "Sua senha foi alterada"
  return {
    to,
    subject,
    text: 'Olá!\n\nA senha da sua conta Closer acabou de ser alterada. Se não foi você, recupere o acesso pela opção "Esqueci a senha".\n\nCloser',
    html: layout(
      subject,
      '<p>Olá!</p><p>A senha da sua conta Closer acabou de ser alterada. Se não foi você, recupere o acesso pela opção "Esqueci a senha".</p>',
    ),
  }
}

export function creatorInviteMail(to: string, link: string): OutgoingMail {
  const subject = "Seu Close Friends no Closer está pronto"
  return {
    to,
    subject,
    text: `Olá!\n\nCriamos a sua conta de criadora no Closer com este e-mail (${to}).\nPara começar, escolha a sua senha neste link:\n${link}\n\nDepois é só cadastrar os seus planos, a forma de receber e o seu primeiro story.\n\nCloser`,
    html: layout(
      subject,
      `<p>Olá!</p><p>Criamos a sua conta de criadora no Closer com este e-mail (${escapeHtml(to)}).</p>
${mailButton({ href: link, label: "Escolher minha senha" })}
<p>Depois é só cadastrar os seus planos, a forma de receber e o seu primeiro story.</p>`,
    ),
  }
}

/** A creator's invitation to her lista VIP: it grants nothing until its owner accepts. */
export function vipInviteMail(to: string, creator: string, link: string, validDays: number) {
  return composeMail(
    to,
    `@${creator} convidou você para a lista VIP`,
    [
      `@${creator} quer dar a você acesso ao Close Friends dela no Closer, sem pagar.`,
      `Para aceitar, entre (ou crie a sua conta) com este e-mail e abra o link abaixo. Ele vale por ${validDays} dias e pode ser usado uma única vez.`,
      "Se você não conhece essa pessoa, ignore este e-mail.",
    ],
    { href: link, label: "Aceitar o convite" },
  )
}

/**
 * The daily digest of a creator's news: it names her, never what she posted, and carries the
 * one-click unsubscribe (RFC 8058) besides the link in its text.
 */
export function newContentDigestMail(
  to: string,
  creator: string,
  links: { profile: string; unsubscribePage: string; unsubscribeOneClick: string },
) {
  const mail = composeMail(
    to,
    `@${creator} publicou algo novo`,
    [
      `@${creator} publicou algo novo no Closer. Entre para ver.`,
      "Você recebe no máximo um e-mail por dia sobre cada criadora que escolheu acompanhar.",
      `Para não receber mais estes e-mails: ${links.unsubscribePage}`,
    ],
    { href: links.profile, label: `Ver @${creator}` },
  )
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeOneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  }
}
