import { createServer, type Server, type Socket } from "node:net"
import type { AddressInfo } from "node:net"

export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

export interface FakeSmtp {
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A minimal SMTP server (RFC 5321 happy path, no TLS, no auth) that keeps what it receives.
 * Given a `port` and a `received` list, it comes back where a closed one was, as after an outage.
 */
export async function startFakeSmtp(
  options: { port?: number; received?: ReceivedMail[] } = {},
): Promise<FakeSmtp> {
  const received: ReceivedMail[] = options.received ?? []
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    let buffer = ""
    let inData = false
    let current: ReceivedMail = { from: "", to: [], data: "" }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply("220 fake.smtp ESMTP")
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8")
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n")
          if (end === -1) return
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".")
          buffer = buffer.slice(end + 5)
          received.push(current)
          current = { from: "", to: [], data: "" }
          inData = false
          reply("250 2.0.0 queued")
          continue
        }
        const newline = buffer.indexOf("\r\n")
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO" || verb === "HELO") reply("250 fake.smtp")
        else if (verb === "MAIL") {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? ""
          reply("250 2.1.0 OK")
        } else if (verb === "RCPT") {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "")
          reply("250 2.1.5 OK")
        } else if (verb === "DATA") {
          inData = true
          reply("354 End data with <CR><LF>.<CR><LF>")
        } else if (verb === "QUIT") {
          reply("221 2.0.0 Bye")
          socket.end()
        } else reply("250 OK")
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
