import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface FakeRecaptcha {
  url: string
  /** Every form the fake received, as Google would (secret, response, remoteip). */
  requests: URLSearchParams[]
  close(): Promise<void>
}

export const captchaTokens = {
  valid: "captcha-ok",
  rejected: "captcha-bot",
  lowScore: "captcha-low-score",
  /** Score 0.6: enough for the default threshold (0.5), not for the strict one (0.7). */
  middleScore: "captcha-middle-score",
  wrongAction: "captcha-wrong-action",
  wrongHost: "captcha-wrong-host",
} as const

/**
 * A local stand-in for https://www.google.com/recaptcha/api/siteverify speaking its real form-in,
 * JSON-out shape. Tokens in `captchaTokens` produce each kind of answer; any other non-empty token passes.
 */
export async function startFakeRecaptcha(options: {
  secret: string
  hostname: string
}): Promise<FakeRecaptcha> {
  const requests: URLSearchParams[] = []
  const server: Server = createServer((req, res) => {
    let body = ""
    req.on("data", (chunk: Buffer) => (body += chunk.toString()))
    req.on("end", () => {
      const form = new URLSearchParams(body)
      requests.push(form)
      const token = form.get("response") ?? ""
      const base = {
        challenge_ts: new Date().toISOString(),
        hostname: options.hostname,
        action: "importantAction",
        score: 0.9,
      }
      let answer: object
      if (form.get("secret") !== options.secret)
        answer = { success: false, "error-codes": ["invalid-input-secret"] }
      else if (!token || token === captchaTokens.rejected)
        answer = { success: false, "error-codes": ["invalid-input-response"] }
      else if (token === captchaTokens.lowScore) answer = { success: true, ...base, score: 0.1 }
      else if (token === captchaTokens.middleScore) answer = { success: true, ...base, score: 0.6 }
      else if (token === captchaTokens.wrongAction)
        answer = { success: true, ...base, action: "login" }
      else if (token === captchaTokens.wrongHost)
        answer = { success: true, ...base, hostname: "evil.example" }
      else answer = { success: true, ...base }
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" })
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
