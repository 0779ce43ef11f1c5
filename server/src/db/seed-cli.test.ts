import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import S3rver from "s3rver"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { isImageRef, storageKeysOf } from "../adapters/images/image-ref.ts"
import { createS3Storage } from "../adapters/storage/s3-storage.ts"
import { contentTypeOf } from "../adapters/storage/storage.ts"
import { systemClock } from "../clock.ts"
import { openDatabase } from "./client.ts"
import { profiles } from "./schema.ts"

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url))

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "closer-seed-"))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

/** `npm run seed` as an operator runs it, on an embedded database in the test's DATA_DIR. */
async function runSeed(values: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/db/seed-cli.ts"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...values },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const [code] = await once(child, "exit")
  return { code: code as number | null, stdout, stderr }
}

describe("npm run seed", () => {
  it("refuses live mode in pt-BR before touching the database", async () => {
    // A complete live configuration: the refusal is the seed's own.
    const run = await runSeed({
      PAYMENTS_MODE: "live",
      SMTP_URL: "smtp://127.0.0.1:2525",
      CAPTCHA_SECRET: "segredo",
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("npm run seed recusado: PAYMENTS_MODE=live")
    expect(run.stderr).toContain("admin@demo.com.br")
    expect(run.stdout).not.toContain("Dados de demonstração criados")
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false)
  })

  it("puts the demo pictures in the S3 bucket the server reads", { timeout: 240_000 }, async () => {
    const bucketDir = path.join(dataDir, "s3")
    const s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "media", configs: [] }],
    })
    const { port } = (await s3.run()) as AddressInfo
    const bucket = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    }
    try {
      const run = await runSeed({
        PAYMENTS_MODE: "sandbox",
        S3_BUCKET: bucket.bucket,
        S3_ENDPOINT: bucket.endpoint,
        S3_REGION: bucket.region,
        S3_ACCESS_KEY_ID: bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toContain("Dados de demonstração criados")

      const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") })
      const pictures = await database.db
        .select({ avatar: profiles.profilePicKey, banner: profiles.bannerPicKey })
        .from(profiles)
      await database.close()
      expect(pictures).toHaveLength(4)
      const storage = createS3Storage({ ...bucket, clock: systemClock })
      // Each picture is a set of renditions, every one of them in the bucket.
      for (const { avatar, banner } of pictures)
        for (const ref of [avatar!, banner!]) {
          expect(isImageRef(ref), ref).toBe(true)
          for (const key of storageKeysOf(ref))
            expect(await storage.stat(key), key).toMatchObject({ contentType: contentTypeOf(key) })
        }
      expect(existsSync(path.join(dataDir, "media"))).toBe(false)
    } finally {
      await s3.close()
    }
  })
})
