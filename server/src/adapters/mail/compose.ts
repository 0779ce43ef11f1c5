import type { OutgoingMail } from "./mailer.ts"

/** The one escape for text put into a mail's HTML. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  )

/** The one HTML page every mail is: its title as heading, the body, the product's name. */
export function mailLayout(title: string, bodyHtml: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#666;font-size:12px">Closer - Plataforma de Close Friends</p></body></html>`
}

/** A link drawn as a button: the mail's one action. */
export const mailButton = (link: { href: string; label: string }) =>
  `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`

/**
 * A mail of plain paragraphs and at most one action, in text and in HTML: "Olá!", the
 * paragraphs, the action, the signature.
 */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): OutgoingMail {
  const text = [
    "Olá!",
    "",
    ...paragraphs,
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
    "",
    "Closer",
  ].join("\n")
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, `<p>Olá!</p>${body}${link ? mailButton(link) : ""}`),
  }
}
