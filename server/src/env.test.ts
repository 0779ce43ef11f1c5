import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { EnvError, loadEnv } from "./env.ts"

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "closer-env-"))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

describe("loadEnv", () => {
  it("applies the defaults and generates secrets once, keeping them across restarts", async () => {
    const env = loadEnv({ DATA_DIR: dataDir })
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PAYMENTS_MODE: "sandbox",
      PUBLIC_URL: "http://localhost:3000",
      CAPTCHA_MIN_SCORE: 0.5,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(env.JWT_SECRET).not.toBe(env.MEDIA_SIGNING_SECRET)
    const stored = JSON.parse(await readFile(path.join(dataDir, "secrets.json"), "utf8"))
    expect(stored.jwtSecret).toBe(env.JWT_SECRET)
    expect(loadEnv({ DATA_DIR: dataDir }).JWT_SECRET).toBe(env.JWT_SECRET)
  })

  it("uses given values, PUBLIC_URL from PORT, and given secrets over the file", () => {
    const secret = "s".repeat(40)
    const env = loadEnv({
      DATA_DIR: dataDir,
      PORT: "8080",
      JWT_SECRET: secret,
      MEDIA_SIGNING_SECRET: secret,
      PAYMENTS_MODE: "live",
      DATABASE_URL: "postgres://a@b/c",
    })
    expect(env).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: "http://localhost:8080",
      JWT_SECRET: secret,
      PAYMENTS_MODE: "live",
    })
  })

  it("stops with a clear message naming each wrong variable", () => {
    const attempt = () =>
      loadEnv({
        DATA_DIR: dataDir,
        PORT: "abc",
        PAYMENTS_MODE: "prod",
        DATABASE_URL: "mysql://x",
        JWT_SECRET: "curto",
      })
    expect(attempt).toThrow(EnvError)
    const message = (() => {
      try {
        attempt()
        return ""
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toMatch(/^Configuração inválida:/)
    for (const name of ["PORT", "PAYMENTS_MODE", "DATABASE_URL", "JWT_SECRET"])
      expect(message).toContain(`${name}:`)
    expect(message).toContain("postgres://")
  })

  it("refuses a damaged secrets file", async () => {
    await writeFile(path.join(dataDir, "secrets.json"), "{not json")
    expect(() => loadEnv({ DATA_DIR: dataDir })).toThrow(/Arquivo de segredos inválido/)
  })

  it("takes S3 storage settings and refuses a bucket without credentials", () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      S3_BUCKET: "closer-media",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "segredo",
    })
    expect(env).toMatchObject({ S3_BUCKET: "closer-media", S3_REGION: "sa-east-1" })
    expect(() => loadEnv({ DATA_DIR: dataDir, S3_BUCKET: "closer-media" })).toThrow(
      /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY são obrigatórios/,
    )
  })
})
