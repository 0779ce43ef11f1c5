import { describe, expect, it } from "vitest"
import {
  automaticPixFailedMail,
  automaticPixNotAuthorisedMail,
  paymentApprovedMail,
  receiptRejectedMail,
  receiptToReviewMail,
  renewalReminderMail,
} from "../src/shared/billing-mails.ts"
import type { OutgoingMail } from "../src/adapters/mail/mailer.ts"
import {
  creatorInviteMail,
  newContentDigestMail,
  passwordChangedMail,
  recoveryCodeMail,
} from "../src/adapters/mail/templates.ts"

const to = "seguidora@exemplo.com.br"
const site = "https://closer.exemplo.com.br"
const creator = { fullName: "Ana <b>Souza</b> & Cia", username: "anasouza" }
const periodEnd = new Date("2026-12-24T15:00:00Z")

/** Every mail the product sends, with the inputs that shape it. */
const mails: Record<string, OutgoingMail> = {
  recoveryCode: recoveryCodeMail(to, "048213", 15),
  passwordChanged: passwordChangedMail(to),
  creatorInvite: creatorInviteMail(to, `${site}/studio/convite?email=a%40b.com&code=abc"def`),
  paymentApproved: paymentApprovedMail(to, creator, periodEnd, site),
  receiptRejected: receiptRejectedMail(to, creator, site),
  receiptToReview: receiptToReviewMail(to, "comprador@exemplo.com.br", 2990, site),
  renewalReminderPix: renewalReminderMail(to, creator, periodEnd, site, "pix"),
  renewalReminderCard: renewalReminderMail(to, creator, periodEnd, site, "credit_card"),
  automaticPixFailed: automaticPixFailedMail(to, creator, periodEnd, site),
  automaticPixRejected: automaticPixNotAuthorisedMail(to, creator, "REJEITADA", site),
  newContentDigest: newContentDigestMail(to, creator.username, {
    profile: `${site}/anasouza`,
    unsubscribePage: `${site}/descadastrar?token=abc.def`,
    unsubscribeOneClick: `${site}/v1/notifications/unsubscribe?token=abc.def`,
  }),
}

describe("the mail templates", () => {
  for (const [name, mail] of Object.entries(mails))
    it(`${name}: text and HTML as sent`, () => {
      expect(mail.to).toBe(to)
      expect({ subject: mail.subject, text: mail.text }).toMatchSnapshot()
      expect(mail.html).toMatchSnapshot()
    })

  it("escape what people typed and the links they carry, in one layout", () => {
    const html = mails.paymentApproved!.html
    expect(html).toContain("Ana &lt;b&gt;Souza&lt;/b&gt; &amp; Cia")
    expect(html).not.toContain("<b>Souza</b>")
    expect(mails.creatorInvite!.html).toContain("code=abc&quot;def")
    for (const mail of Object.values(mails)) {
      expect(mail.html).toMatch(/^<!doctype html><html lang="pt-BR">/)
      expect(mail.html).toContain("Closer - Plataforma de Close Friends")
    }
  })
})
