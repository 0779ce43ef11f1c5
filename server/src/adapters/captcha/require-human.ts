import { BadRequestError } from "../../errors.ts"
import type { Captcha } from "./captcha.ts"

export const captchaFailedMessage =
  "Não foi possível confirmar que você não é um robô. Atualize a página e tente novamente."

/** Throws 400 `captcha_failed` unless the bot check passes. */
export async function requireHuman(captcha: Captcha, token: string, remoteIp: string) {
  if (!(await captcha.verify({ token, remoteIp })))
    throw new BadRequestError(captchaFailedMessage, "captcha_failed")
}
