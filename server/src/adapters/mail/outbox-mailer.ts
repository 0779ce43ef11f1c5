import { randomUUID } from "node:crypto"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import nodemailer from "nodemailer"
import { maskEmail } from "../../logging/scrub.ts"
import type { MailLogger, Mailer } from "./mailer.ts"

/**
 * Development mailer: each mail becomes DATA_DIR/outbox/<name>.eml plus a .json twin (what the
 * operators' sandbox outbox lists: outbox-folder.ts), and a log line naming the file. The line
 * never carries what the mail does (a recovery code, an invite link with its temporary password)
 * nor whom it went to: read the file for that.
 */
export function createOutboxMailer(options: {
  dir: string
  from: string
  logger: MailLogger
}): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  })
  // Made once; a failure (the folder removed, a full disk) is tried again by the next mail.
  let made: Promise<unknown> | undefined
  const folderMade = () =>
    (made ??= mkdir(options.dir, { recursive: true }).catch((error: unknown) => {
      made = undefined
      throw error
    }))
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
      const sentAt = new Date().toISOString()
      const name = `${sentAt.replaceAll(":", "-")}-${randomUUID().slice(0, 8)}`
      const twin = {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        sentAt,
      }
      // Both files at once: the mail counts as sent only when both are written.
      const writeBoth = () =>
        Promise.all([
          writeFile(path.join(options.dir, `${name}.eml`), info.message as Buffer),
          writeFile(path.join(options.dir, `${name}.json`), JSON.stringify(twin, null, 2)),
        ])
      await folderMade()
      await writeBoth().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error
        // The folder went away (cleared by hand): made again, once.
        made = undefined
        await folderMade()
        await writeBoth()
      })
      options.logger.info(
        { to: maskEmail(mail.to), file: path.join(options.dir, `${name}.eml`) },
        `e-mail na caixa de saída: ${mail.subject}`,
      )
    },
  }
}
