import { z } from "zod"
import { captchaAction, type Captcha, type CaptchaLogger } from "./captcha.ts"

const SiteVerifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  challenge_ts: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
})

export interface RecaptchaOptions {
  secret: string
  verifyUrl: string
  minScore: number
  /** For checks at level "strict"; never below minScore. */
  strictMinScore: number
  /** Host names the token may come from; empty accepts any. */
  hostnames: readonly string[]
  logger: CaptchaLogger
  timeoutMs?: number
}

/** reCAPTCHA v3 siteverify: success, our action, an allowed host name and a score at or above the level's threshold. */
export function createRecaptcha(options: RecaptchaOptions): Captcha {
  return {
    async verify({ token, remoteIp, level = "standard" }) {
      if (!token) return false
      const form = new URLSearchParams({ secret: options.secret, response: token })
      if (remoteIp) form.set("remoteip", remoteIp)
      try {
        const response = await fetch(options.verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        })
        const parsed = SiteVerifyResponse.safeParse(await response.json())
        if (!response.ok || !parsed.success) {
          options.logger.warn({ status: response.status }, "resposta inesperada do reCAPTCHA")
          return false
        }
        const result = parsed.data
        const hostOk =
          options.hostnames.length === 0 ||
          (result.hostname !== undefined && options.hostnames.includes(result.hostname))
        const minScore =
          level === "strict" ? Math.max(options.strictMinScore, options.minScore) : options.minScore
        const ok =
          result.success &&
          result.action === captchaAction &&
          hostOk &&
          (result.score ?? 0) >= minScore
        if (!ok) {
          options.logger.info(
            {
              score: result.score,
              minScore,
              action: result.action,
              hostname: result.hostname,
              errors: result["error-codes"],
            },
            "token reCAPTCHA recusado",
          )
        }
        return ok
      } catch (error) {
        // Fail closed: without an answer from Google we cannot tell a person from a bot.
        options.logger.warn({ err: error }, "falha ao consultar o reCAPTCHA")
        return false
      }
    },
  }
}
