import type { OutgoingMail } from "./mailer.ts"

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  )

function layout(title: string, body: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}
<p style="color:#666;font-size:12px">Closer - Plataforma de Close Friends</p></body></html>`
}

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
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Escolher minha senha</a></p>
<p>Depois é só cadastrar os seus planos, a forma de receber e o seu primeiro story.</p>`,
    ),
  }
}
