import { randomBytes } from "node:crypto"
import type { Mailer } from "../../src/adapters/mail/mailer.ts"
import { leads } from "../../src/db/schema.ts"
import { captchaTokens } from "../fake-recaptcha.ts"
import type { MemoryMailer } from "../memory-mailer.ts"
import type { TestApp } from "../test-app.ts"

export const passwordChangedSubject = "Sua senha foi alterada"

/**
 * A mailer that hands every mail to `mailers` in turn, and fails "password changed" the way an
 * SMTP server refusing the recipient does: with the address in the error and copied onto it.
 */
export function refusingPasswordChangedMailer(...mailers: Mailer[]): Mailer {
  return {
    async send(mail) {
      for (const mailer of mailers) await mailer.send(mail)
      if (mail.subject === passwordChangedSubject)
        throw Object.assign(
          new Error(
            `Can't send mail - all recipients were rejected: 550 5.1.1 <${mail.to}>: Recipient address rejected`,
          ),
          { code: "EENVELOPE", command: "RCPT TO", rejected: [mail.to] },
        )
    },
  }
}

let ip = 0
const nextIp = () => `198.51.100.${++ip}`

/**
 * What people do that puts secrets in URLs and logs: an operator searches a lead by e-mail and
 * invites her, she opens the invite link and chooses her password; a guest buys and opens her
 * choose-password link; she recovers her password by code; the creator and the operator search
 * her by e-mail; someone checks an address; a browser fetches a signed media URL. Returns every
 * secret the journey handled, each of which must stay out of the log.
 */
export async function playSecretJourney(t: TestApp, mail: MemoryMailer) {
  const secrets: string[] = []
  const ok = async (request: Parameters<TestApp["inject"]>[0]) => {
    const res = await t.inject({ remoteAddress: nextIp(), ...request })
    if (res.statusCode >= 300) throw new Error(`${request.url}: ${res.statusCode} ${res.body}`)
    return res.json() as Record<string, unknown>
  }
  /** A page the browser loads: without a built app it is answered 404, and logged all the same. */
  const open = (url: string, token?: string) => t.inject({ url, token, remoteAddress: nextIp() })
  const tag = randomBytes(4).toString("hex")

  const admin = await t.createAccount({ role: "admin" })
  const creator = await t.createCreator({ paymentGateway: "iugu" })
  secrets.push(admin.email, admin.password, creator.email, creator.token, admin.token)

  // The operator finds a lead by e-mail and invites her: the link's code is her password.
  const leadEmail = `lider.${tag}@exemplo.com.br`
  const [lead] = await t.db
    .insert(leads)
    .values({ instagram: `@insta${tag}`, email: leadEmail, whatsapp: "11987654321" })
    .returning()
  await ok({ url: `/v1/admin/leads?q=${encodeURIComponent(leadEmail)}`, token: admin.token })
  await ok({
    method: "POST",
    url: `/v1/admin/leads/${lead!.id}/invite`,
    token: admin.token,
    payload: { username: `lider${tag}` },
  })
  const inviteLink = new URL(
    /https?:\/\/\S+\/studio\/convite\S+/.exec(mail.lastTo(leadEmail)!.text)![0],
  )
  const inviteCode = inviteLink.searchParams.get("code")!
  await open(`${inviteLink.pathname}${inviteLink.search}`)
  const invited = await ok({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail: leadEmail, password: inviteCode },
  })
  await open(`/choose-password?${new URLSearchParams({ code: inviteCode })}`)
  const leadPassword = `Escolhida-${tag}-1`
  const chosen = await ok({
    method: "POST",
    url: "/v1/auth/password/change",
    token: invited.accessToken as string,
    payload: {
      currentPassword: inviteCode,
      newPassword: leadPassword,
      captchaToken: captchaTokens.valid,
    },
  })
  secrets.push(leadEmail, inviteCode, inviteLink.toString(), leadPassword)
  secrets.push(invited.accessToken as string, chosen.accessToken as string)

  // A guest buys: the answer signs her in with a temporary password she replaces.
  const guestEmail = `convidada.${tag}@exemplo.com.br`
  const bought = await ok({
    method: "POST",
    url: `/v1/${creator.username}/iugu/subscription/pix`,
    payload: {
      email: guestEmail,
      planName: "MONTHLY",
      typeAuth: "new_user",
      token: captchaTokens.valid,
    },
  })
  const guestAuth = bought.auth as { accessToken: string; password: string }
  const redirectTo = `/${creator.username}`
  await open(`/choose-password?${new URLSearchParams({ code: guestAuth.password, redirectTo })}`)
  const guestChosen = `Minha-senha-${tag}-2`
  await ok({
    method: "POST",
    url: "/v1/auth/password/change",
    token: guestAuth.accessToken,
    payload: {
      currentPassword: guestAuth.password,
      newPassword: guestChosen,
      captchaToken: captchaTokens.valid,
    },
  })
  secrets.push(guestEmail, guestAuth.password, guestAuth.accessToken, guestChosen)

  // She forgets it: a code by e-mail, a recovery token, a new password.
  await ok({
    method: "POST",
    url: "/v1/auth/recover/email",
    payload: { email: guestEmail, token: captchaTokens.valid },
  })
  const recoveryCode = /\b(\d{6})\b/.exec(mail.lastTo(guestEmail)!.text)![1]!
  const recovered = await ok({
    method: "POST",
    url: "/v1/auth/recover/code",
    payload: { email: guestEmail, gToken: captchaTokens.valid, recoveryCode },
  })
  const recoveryToken = recovered.recoveryToken as string
  const recoveredPassword = `Recuperada-${tag}-3`
  await ok({
    method: "POST",
    url: "/v1/auth/recover/password",
    payload: {
      email: guestEmail,
      recoveryToken,
      gToken: captchaTokens.valid,
      password: recoveredPassword,
    },
  })
  secrets.push(recoveryCode, recoveryToken, recoveredPassword)

  // The creator and the operator look her up by e-mail; someone checks whether it is taken.
  await ok({
    url: `/v1/studio/subscribers?q=${encodeURIComponent(guestEmail)}`,
    token: creator.token,
  })
  await ok({
    url: `/v1/admin/subscriptions?q=${encodeURIComponent(guestEmail)}`,
    token: admin.token,
  })

  // The creator's browser fetches one of her photos by the link signed for her.
  const media = await t.createMedia(creator.profileId)
  const link = t.storage.url(media.fileKey, { ttlSeconds: 300, viewer: creator.id })
  const signed = new URL(link, "http://localhost")
  const res = await open(`${signed.pathname}${signed.search}`)
  if (res.statusCode !== 200) throw new Error(`signed media: ${res.statusCode}`)
  secrets.push(signed.searchParams.get("sig")!)

  // An address counts leaked in part too: its local part is as telling (the creator's is her
  // public username, in her page's URLs).
  for (const email of [admin.email, leadEmail, guestEmail]) secrets.push(email.split("@")[0]!)
  return { secrets, emails: { leadEmail, guestEmail } }
}
