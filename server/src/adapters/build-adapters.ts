import path from "node:path"
import type { FastifyBaseLogger } from "fastify"
import type { Clock } from "../clock.ts"
import type { AppConfig } from "../config.ts"
import type { Database } from "../db/client.ts"
import type { Env } from "../env.ts"
import { createAcceptAllCaptcha, type Captcha } from "./captcha/captcha.ts"
import { createRecaptcha } from "./captcha/recaptcha.ts"
import { buildGateways, type Gateways } from "./gateways/build-gateways.ts"
import type { Mailer } from "./mail/mailer.ts"
import { createOutboxFolder, type OutboxFolder } from "./mail/outbox-folder.ts"
import { createOutboxMailer } from "./mail/outbox-mailer.ts"
import { createSmtpMailer } from "./mail/smtp-mailer.ts"
import { createDiskStorage } from "./storage/disk-storage.ts"
import { createS3Storage } from "./storage/s3-storage.ts"
import type { Storage } from "./storage/storage.ts"

export const replicaLocalMediaWarning =
  "DATABASE_URL sem S3_BUCKET: as mídias ficam no DATA_DIR desta réplica. Réplicas em máquinas " +
  "diferentes não veriam os arquivos umas das outras: use S3_BUCKET ou um DATA_DIR " +
  "compartilhado por todas as réplicas."

export const liveWithoutSmtpWarning =
  "PAYMENTS_MODE=live sem SMTP_URL (ALLOW_NO_SMTP=1): os e-mails ficam em DATA_DIR/outbox e não " +
  "chegam a ninguém."
export const liveWithoutCaptchaWarning =
  "PAYMENTS_MODE=live sem CAPTCHA_SECRET (ALLOW_NO_CAPTCHA=1): toda verificação anti-robô passa."

/** Picks each adapter from the environment: the embedded default or the production one. */
export function buildAdapters(
  env: Env,
  clock: Clock,
  logger: FastifyBaseLogger,
): { mailer: Mailer; captcha: Captcha; storage: Storage; outbox?: OutboxFolder } {
  const outboxDir = path.join(env.DATA_DIR, "outbox")
  const mailer = env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, logger })
    : createOutboxMailer({ dir: outboxDir, from: env.MAIL_FROM, logger })
  const captcha = env.CAPTCHA_SECRET
    ? createRecaptcha({
        secret: env.CAPTCHA_SECRET,
        verifyUrl: env.CAPTCHA_VERIFY_URL,
        minScore: env.CAPTCHA_MIN_SCORE,
        strictMinScore: env.CAPTCHA_MIN_SCORE_STRICT,
        hostnames: [new URL(env.PUBLIC_URL).hostname],
        logger,
      })
    : createAcceptAllCaptcha(logger)
  const storage = env.S3_BUCKET
    ? createS3Storage({
        endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
        publicUrl: env.MEDIA_PUBLIC_URL,
        clock,
      })
    : createDiskStorage({
        dir: path.join(env.DATA_DIR, "media"),
        secret: env.MEDIA_SIGNING_SECRET,
        clock,
      })
  // Waived by name (env.ts refuses live mode otherwise): said again at every start.
  if (env.PAYMENTS_MODE === "live" && !env.SMTP_URL) logger.warn(liveWithoutSmtpWarning)
  if (env.PAYMENTS_MODE === "live" && !env.CAPTCHA_SECRET) logger.warn(liveWithoutCaptchaWarning)
  // PostgreSQL means replicas may run; the disk is shared only if the operator made it so.
  if (env.DATABASE_URL && !env.S3_BUCKET)
    logger.warn({ mediaDir: path.resolve(env.DATA_DIR, "media") }, replicaLocalMediaWarning)
  // Live mode never shows it: those mails may be real people's.
  const outbox =
    env.PAYMENTS_MODE === "sandbox" && !env.SMTP_URL ? createOutboxFolder(outboxDir) : undefined
  return { mailer, captcha, storage, outbox }
}

/** The payment gateways the configuration names; the sandbox keeps its simulators' state in the database. */
export function buildPaymentGateways(config: AppConfig, db: Database, clock: Clock): Gateways {
  return buildGateways({
    mode: config.paymentsMode,
    settings: config.payments ?? {},
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    db,
    clock,
  })
}
