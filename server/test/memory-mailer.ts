import type { Mailer, OutgoingMail } from "../src/adapters/mail/mailer.ts"

export interface MemoryMailer extends Mailer {
  sent: OutgoingMail[]
  /** The last mail to `to`, if any. */
  lastTo(to: string): OutgoingMail | undefined
}

/** Captures mails instead of sending them, like an SMTP sink. */
export function createMemoryMailer(): MemoryMailer {
  const sent: OutgoingMail[] = []
  return {
    sent,
    async send(mail) {
      sent.push(mail)
    },
    lastTo: (to) => sent.filter((mail) => mail.to === to).at(-1),
  }
}
