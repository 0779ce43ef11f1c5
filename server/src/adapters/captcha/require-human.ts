import { BadRequestError } from "../../errors.ts"
import type { Captcha, CaptchaLevel } from "./captcha.ts"

export const captchaFailedMessage =
  "Não foi possível confirmar que você não é um robô. Atualize a página e tente novamente."

/** Throws 400 `captcha_failed` unless the bot check passes at the given level. */
export async function requireHuman(
  captcha: Captcha,
  token: string,
  remoteIp: string,
  level: CaptchaLevel = "standard",
) {
  if (!(await captcha.verify({ token, remoteIp, level })))
    throw new BadRequestError(captchaFailedMessage, "captcha_failed")
}
