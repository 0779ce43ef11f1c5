import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { systemClock } from "../clock.ts"
import { loadEnv } from "../env.ts"
import { captureLogs } from "../../test/capture-logs.ts"
import {
  buildAdapters,
  liveWithoutCaptchaWarning,
  liveWithoutSmtpWarning,
  replicaLocalMediaWarning,
} from "./build-adapters.ts"

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "closer-adapters-"))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

const secret = "s".repeat(40)
const onPostgres = {
  DATABASE_URL: "postgres://app@127.0.0.1:5432/app",
  JWT_SECRET: secret,
  MEDIA_SIGNING_SECRET: secret,
}
const onS3 = {
  S3_BUCKET: "closer-media",
  S3_ACCESS_KEY_ID: "AKIA",
  S3_SECRET_ACCESS_KEY: "segredo",
}

const warningsOf = (values: Record<string, string>) => {
  const { logger, lines } = captureLogs()
  buildAdapters(loadEnv({ DATA_DIR: dataDir, ...values }), systemClock, logger)
  return lines.filter((line) => line.level === 40)
}

describe("buildAdapters", () => {
  it("warns once that media stay on this replica's disk with PostgreSQL and no bucket", () => {
    expect(warningsOf(onPostgres)).toEqual([
      expect.objectContaining({
        msg: replicaLocalMediaWarning,
        mediaDir: path.join(dataDir, "media"),
      }),
    ])
    expect(replicaLocalMediaWarning).toContain("use S3_BUCKET ou um DATA_DIR compartilhado")
  })

  it("says nothing on S3, nor on the embedded database's single process", () => {
    expect(warningsOf({ ...onPostgres, ...onS3 })).toEqual([])
    expect(warningsOf({})).toEqual([])
  })

  it("says at every start of live mode that mail or the bot check was waived", () => {
    const live = { PAYMENTS_MODE: "live", ALLOW_NO_SMTP: "1", ALLOW_NO_CAPTCHA: "1" }
    expect(warningsOf(live)).toEqual([
      expect.objectContaining({ msg: liveWithoutSmtpWarning }),
      expect.objectContaining({ msg: liveWithoutCaptchaWarning }),
    ])
    const given = { SMTP_URL: "smtp://127.0.0.1:2525", CAPTCHA_SECRET: "segredo" }
    expect(warningsOf({ ...live, ...given })).toEqual([])
  })
})
