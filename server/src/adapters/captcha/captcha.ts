/** The action the app passes to grecaptcha.execute before sensitive calls. */
export const captchaAction = "importantAction"

/** "strict" asks a higher score: recovery, where a bot would take over someone's account. */
export type CaptchaLevel = "standard" | "strict"

export interface CaptchaCheck {
  token: string
  remoteIp?: string
  /** Default "standard". */
  level?: CaptchaLevel
}

export interface Captcha {
  /** True when the token proves a likely human; false (never a throw) otherwise. */
  verify(check: CaptchaCheck): Promise<boolean>
}

export interface CaptchaLogger {
  info(object: object, message: string): void
  warn(object: object, message: string): void
}

/** Default without CAPTCHA_SECRET: lets every request through and says so in the log. */
export function createAcceptAllCaptcha(logger: CaptchaLogger): Captcha {
  return {
    async verify({ remoteIp, level }) {
      logger.info(
        { remoteIp, level },
        "verificação anti-robô desativada: requisição aceita sem checagem",
      )
      return true
    },
  }
}
