import nodemailer from "nodemailer"
import type { MailLogger, Mailer } from "./mailer.ts"

export function createSmtpMailer(options: {
  url: string
  from: string
  logger: MailLogger
}): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      })
      options.logger.info({ messageId: info.messageId }, `e-mail enviado: ${mail.subject}`)
    },
  }
}
