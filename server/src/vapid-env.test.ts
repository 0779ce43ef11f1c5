import { createECDH } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import webpush from "web-push"
import { configFromEnv } from "./config.ts"
import { loadEnv } from "./env.ts"

const liveServices = { SMTP_URL: "smtps://u:p@smtp.exemplo.com.br:465", CAPTCHA_SECRET: "segredo" }
const secret = "x".repeat(48)

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "closer-vapid-"))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

const vapidOf = (source: NodeJS.ProcessEnv) =>
  configFromEnv(loadEnv({ DATA_DIR: dataDir, ...source }), null).vapid

describe("VAPID keys", () => {
  it("uses the pair given, with its contact", () => {
    const given = webpush.generateVAPIDKeys()
    expect(
      vapidOf({
        VAPID_PUBLIC_KEY: given.publicKey,
        VAPID_PRIVATE_KEY: given.privateKey,
        VAPID_SUBJECT: "https://closer.com.br/contato",
      }),
    ).toEqual({ ...given, subject: "https://closer.com.br/contato" })
  })

  it("in sandbox mode without a pair, derives a valid one from JWT_SECRET: the same on every replica and restart", () => {
    const first = vapidOf({ JWT_SECRET: secret })!
    expect(vapidOf({ JWT_SECRET: secret })).toEqual(first)
    expect(vapidOf({ JWT_SECRET: "y".repeat(48) })!.publicKey).not.toBe(first.publicKey)
    expect(first.subject).toBe("mailto:contato@closer.app.br")
    // A real P-256 pair: the public key is the private key's.
    const ecdh = createECDH("prime256v1")
    ecdh.setPrivateKey(Buffer.from(first.privateKey, "base64url"))
    expect(ecdh.getPublicKey().toString("base64url")).toBe(first.publicKey)
    // And web-push takes it as it takes its own.
    expect(() =>
      webpush.getVapidHeaders(
        "https://push.exemplo.com",
        first.subject,
        first.publicKey,
        first.privateKey,
        "aes128gcm",
      ),
    ).not.toThrow()
  })

  it("in live mode without a pair, turns push off instead of inventing keys", () => {
    expect(
      vapidOf({ PAYMENTS_MODE: "live", DEMO_DATA: "off", JWT_SECRET: secret, ...liveServices }),
    ).toBeUndefined()
  })

  it("refuses half a pair, a malformed key or subject, in pt-BR, without echoing the private key", () => {
    const given = webpush.generateVAPIDKeys()
    const load = (source: NodeJS.ProcessEnv) => () => loadEnv({ DATA_DIR: dataDir, ...source })
    expect(load({ VAPID_PUBLIC_KEY: given.publicKey })).toThrow(
      "VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas",
    )
    const bad = `${given.privateKey}!!`
    let message = ""
    try {
      load({ VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: bad })()
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toContain("VAPID_PRIVATE_KEY: a chave privada VAPID em base64url")
    expect(message).not.toContain(given.privateKey)
    expect(load({ VAPID_SUBJECT: "contato@closer.app.br" })).toThrow(
      "VAPID_SUBJECT: deve começar com mailto: ou https://",
    )
  })
})
