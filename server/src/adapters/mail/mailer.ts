export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post on a digest. */
  headers?: Record<string, string>
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

/**
 * What modules send through (the outbox): `send` waits until the mail went out or was scheduled
 * for a retry; `queue` only until it is stored, and sends it in the background.
 */
export interface QueueingMailer extends Mailer {
  queue(mail: OutgoingMail): Promise<void>
}

export interface MailLogger {
  info(object: object, message: string): void
}
