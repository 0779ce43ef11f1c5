export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** What an operator needs from the log in development (e.g. the recovery code); never sent to SMTP logs. */
  logHint?: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

export interface MailLogger {
  info(object: object, message: string): void
}
