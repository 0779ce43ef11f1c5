import { readdir, readFile, stat } from "node:fs/promises"
import path from "node:path"

/** A mail the outbox mailer wrote to disk, as its .json twin holds it. */
export interface FolderMail {
  /** The file's name without extension: its time of sending and a random suffix. */
  id: string
  to: string
  subject: string
  text: string
  /** Null for mails written before the twin kept the HTML. */
  html: string | null
  sentAt: Date
}

/** The mails in the outbox folder, newest first, one page at a time. */
export interface OutboxFolder {
  list(page: { offset: number; limit: number }): Promise<{ mails: FolderMail[]; total: number }>
}

interface Twin {
  to?: unknown
  subject?: unknown
  text?: unknown
  html?: unknown
  sentAt?: unknown
}

const text = (value: unknown) => (typeof value === "string" ? value : "")

/** Reads the folder `createOutboxMailer` writes to; a folder not made yet holds no mail. */
export function createOutboxFolder(dir: string): OutboxFolder {
  async function read(name: string): Promise<FolderMail> {
    const file = path.join(dir, name)
    const twin = JSON.parse(await readFile(file, "utf8")) as Twin
    const sentAt =
      typeof twin.sentAt === "string" ? new Date(twin.sentAt) : (await stat(file)).mtime
    return {
      id: name.slice(0, -".json".length),
      to: text(twin.to),
      subject: text(twin.subject),
      text: text(twin.text),
      html: typeof twin.html === "string" ? twin.html : null,
      sentAt,
    }
  }

  return {
    async list({ offset, limit }) {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return []
        throw error
      })
      // Names start with the ISO time of sending, so their order is the mails' order.
      const twins = names
        .filter((name) => name.endsWith(".json"))
        .sort()
        .reverse()
      const mails = await Promise.all(twins.slice(offset, offset + limit).map(read))
      return { mails, total: twins.length }
    },
  }
}
