import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { Agent, createServer, type Server } from "node:https"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { writeLocalCertificate } from "../../scripts/local-certificate.ts"

/** A browser's side of a push subscription: the keys it would hand the app, and its secret. */
export interface StubBrowser {
  endpoint: string
  keys: { p256dh: string; auth: string }
  ecdh: ECDH
}

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The payload, decrypted with the browser's private key as the browser would. */
  text: string
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key)
  for (const part of data) mac.update(part)
  return mac.digest()
}

/**
 * What a browser does with a push it receives (RFC 8291 over RFC 8188 aes128gcm, one record):
 * the keys come from its own private key, its auth secret and the sender's key in the header.
 */
export function decryptPush(body: Buffer, browser: StubBrowser) {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = browser.ecdh.computeSecret(senderKey)
  const info = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    senderKey,
  ])
  const prkKey = hmac(Buffer.from(browser.keys.auth, "base64url"), shared)
  const ikm = hmac(prkKey, info, Buffer.from([1]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1]))
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1]))
  const decipher = createDecipheriv("aes-128-gcm", cek.subarray(0, 16), nonce.subarray(0, 12))
  decipher.setAuthTag(record.subarray(-16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
  // The last record ends with the delimiter 2, then any zeros of padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8")
}

/** A certificate for 127.0.0.1 made for this run (push services speak https only). */
export function localCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "closer-push-"))
  try {
    writeLocalCertificate(dir)
    return {
      key: readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A push service on localhost speaking the Web Push protocol: it takes what `web-push` posts,
 * answers 201 (or the status a test gave the endpoint, such as 410 for a forgotten one), and
 * decrypts each payload with the subscribing browser's key, so a test reads what it would show.
 */
export async function startPushServiceStub(tls = localCertificate()) {
  const browsers = new Map<string, StubBrowser>()
  const statuses = new Map<string, number>()
  const received: ReceivedPush[] = []
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = request.url ?? "/"
      const status = statuses.get(path) ?? 201
      const browser = browsers.get(path)
      if (status === 201 && browser)
        received.push({
          path,
          headers: request.headers,
          text: decryptPush(Buffer.concat(chunks), browser),
        })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  let next = 0
  return {
    received,
    /** Trusts this service's certificate: what the sender is given to reach it. */
    agent: new Agent({ ca: tls.cert }),
    certificate: tls.cert,
    /** A new browser subscribed at this service. */
    browser(): StubBrowser {
      const ecdh = createECDH("prime256v1")
      ecdh.generateKeys()
      const path = `/push/${++next}-${randomBytes(4).toString("hex")}`
      const browser = {
        endpoint: `${base}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
        ecdh,
      }
      browsers.set(path, browser)
      return browser
    },
    /** From now on the service answers this status for the browser (404/410: it forgot it). */
    answer(browser: StubBrowser, status: number) {
      statuses.set(new URL(browser.endpoint).pathname, status)
    },
    to: (browser: StubBrowser) =>
      received.filter((push) => push.path === new URL(browser.endpoint).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type PushServiceStub = Awaited<ReturnType<typeof startPushServiceStub>>
