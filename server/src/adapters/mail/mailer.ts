export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

export interface MailLogger {
  info(object: object, message: string): void
}
