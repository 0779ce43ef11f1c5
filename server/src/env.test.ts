import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { configFromEnv } from "./config.ts"
import { EnvError, loadEnv } from "./env.ts"

/** What live mode cannot start without: a way to send mail and a bot check that checks. */
const liveServices = { SMTP_URL: "smtps://u:p@smtp.exemplo.com.br:465", CAPTCHA_SECRET: "segredo" }

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
      CAPTCHA_MIN_SCORE_STRICT: 0.7,
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
      ...liveServices,
      DATABASE_URL: "postgres://a@b/c",
    })
    expect(env).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: "http://localhost:8080",
      JWT_SECRET: secret,
      PAYMENTS_MODE: "live",
    })
  })

  it("with DATABASE_URL, refuses to invent secrets the other replicas would not share", async () => {
    const secret = "s".repeat(40)
    const attempt = (values: NodeJS.ProcessEnv) => () =>
      loadEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://a@b/c", ...values })
    const message =
      "obrigatório com DATABASE_URL: todas as réplicas precisam do mesmo valor " +
      "(gere um com openssl rand -base64 48)"
    expect(attempt({})).toThrow(EnvError)
    expect(attempt({})).toThrow(
      `Configuração inválida:\n  JWT_SECRET: ${message}\n  MEDIA_SIGNING_SECRET: ${message}`,
    )
    expect(attempt({ JWT_SECRET: secret })).toThrow(`MEDIA_SIGNING_SECRET: ${message}`)
    expect(attempt({ MEDIA_SIGNING_SECRET: secret })).toThrow(`JWT_SECRET: ${message}`)
    // Nothing was generated on the way.
    await expect(readFile(path.join(dataDir, "secrets.json"))).rejects.toThrow()

    expect(attempt({ JWT_SECRET: secret, MEDIA_SIGNING_SECRET: secret })()).toMatchObject({
      JWT_SECRET: secret,
      MEDIA_SIGNING_SECRET: secret,
    })
    // With S3 the store signs media links: the JWT secret is the one to share.
    const onS3 = attempt({
      JWT_SECRET: secret,
      S3_BUCKET: "closer-media",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "segredo",
    })()
    expect(onS3.JWT_SECRET).toBe(secret)
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

  it("takes an ffmpeg path or off, and refuses a path that is not an executable", async () => {
    const ffmpeg = path.join(dataDir, "ffmpeg")
    await writeFile(ffmpeg, "#!/bin/sh\n", { mode: 0o755 })
    expect(loadEnv({ DATA_DIR: dataDir }).FFMPEG_PATH).toBeUndefined()
    expect(loadEnv({ DATA_DIR: dataDir, FFMPEG_PATH: ffmpeg }).FFMPEG_PATH).toBe(ffmpeg)
    expect(loadEnv({ DATA_DIR: dataDir, FFMPEG_PATH: "off" }).FFMPEG_PATH).toBe("off")
    // The app: that binary, none at all, or a look on PATH.
    const ffmpegOf = (value?: string) =>
      configFromEnv(loadEnv({ DATA_DIR: dataDir, FFMPEG_PATH: value }), null).ffmpegPath
    expect(ffmpegOf(ffmpeg)).toBe(ffmpeg)
    expect(ffmpegOf("off")).toBeNull()
    expect(ffmpegOf()).toBeUndefined()
    await writeFile(path.join(dataDir, "texto"), "nada", { mode: 0o644 })
    for (const wrong of ["ffmpeg", path.join(dataDir, "texto"), "/nao/existe/ffmpeg", dataDir])
      expect(() => loadEnv({ DATA_DIR: dataDir, FFMPEG_PATH: wrong })).toThrow(
        "FFMPEG_PATH: deve ser o caminho absoluto de um ffmpeg executável, ou off",
      )
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

  it("serves the same origin only unless CORS_ORIGINS lists exact origins", () => {
    expect(loadEnv({ DATA_DIR: dataDir }).CORS_ORIGINS).toEqual([])
    expect(
      loadEnv({
        DATA_DIR: dataDir,
        CORS_ORIGINS: "https://closer.com.br, https://www.closer.com.br,http://localhost:5173",
      }).CORS_ORIGINS,
    ).toEqual(["https://closer.com.br", "https://www.closer.com.br", "http://localhost:5173"])
    for (const wrong of [
      "*",
      "closer.com.br",
      "https://closer.com.br/",
      "https://closer.com.br/app",
    ])
      expect(() => loadEnv({ DATA_DIR: dataDir, CORS_ORIGINS: wrong }), wrong).toThrow(
        /CORS_ORIGINS.*sem caminho nem barra no fim/,
      )
  })

  it("takes a COOKIE_DOMAIN that contains the API's host, and refuses one that does not", () => {
    expect(
      loadEnv({
        DATA_DIR: dataDir,
        PUBLIC_URL: "https://api.closer.com.br",
        COOKIE_DOMAIN: ".Closer.com.br",
      }).COOKIE_DOMAIN,
    ).toBe("closer.com.br")
    expect(loadEnv({ DATA_DIR: dataDir }).COOKIE_DOMAIN).toBeUndefined()
    expect(() =>
      loadEnv({
        DATA_DIR: dataDir,
        PUBLIC_URL: "https://api.closer.com.br",
        COOKIE_DOMAIN: "https://closer.com.br",
      }),
    ).toThrow(/COOKIE_DOMAIN: um domínio como closer.com.br/)
    expect(() =>
      loadEnv({
        DATA_DIR: dataDir,
        PUBLIC_URL: "https://api.outro.com.br",
        COOKIE_DOMAIN: "closer.com.br",
      }),
    ).toThrow(/COOKIE_DOMAIN: closer.com.br não contém o host de PUBLIC_URL \(api.outro.com.br\)/)
  })

  it("seeds demo data in sandbox mode only, and refuses demo accounts beside real money", () => {
    const load = (values: Record<string, string>) =>
      loadEnv({ DATA_DIR: dataDir, ...liveServices, ...values })
    expect(load({}).DEMO_DATA).toBe("on")
    expect(load({ PAYMENTS_MODE: "sandbox" }).DEMO_DATA).toBe("on")
    expect(load({ DEMO_DATA: "off" }).DEMO_DATA).toBe("off")
    expect(load({ PAYMENTS_MODE: "live" }).DEMO_DATA).toBe("off")
    expect(load({ PAYMENTS_MODE: "live", DEMO_DATA: "off" }).DEMO_DATA).toBe("off")
    expect(() => load({ PAYMENTS_MODE: "live", DEMO_DATA: "on" })).toThrow(EnvError)
    expect(() => load({ PAYMENTS_MODE: "live", DEMO_DATA: "on" })).toThrow(
      "Configuração inválida:\n  DEMO_DATA: on não é permitido com PAYMENTS_MODE=live",
    )
    expect(() => load({ DEMO_DATA: "sim" })).toThrow(/DEMO_DATA:/)
  })

  it("in live mode refuses to start without SMTP or a captcha secret, unless each is waived by name", () => {
    const load = (values: Record<string, string>) =>
      loadEnv({ DATA_DIR: dataDir, PAYMENTS_MODE: "live", ...values })
    const noSmtp =
      "  SMTP_URL: obrigatório com PAYMENTS_MODE=live: sem ele nenhum e-mail chega a ninguém " +
      "(códigos de recuperação, convites, recibos); para iniciar mesmo assim, defina ALLOW_NO_SMTP=1"
    const noCaptcha =
      "  CAPTCHA_SECRET: obrigatório com PAYMENTS_MODE=live: sem ele toda verificação " +
      "anti-robô passa; para iniciar mesmo assim, defina ALLOW_NO_CAPTCHA=1"
    expect(() => load({})).toThrow(EnvError)
    expect(() => load({})).toThrow(`Configuração inválida:\n${noSmtp}\n${noCaptcha}`)
    expect(() => load({ SMTP_URL: liveServices.SMTP_URL })).toThrow(
      `Configuração inválida:\n${noCaptcha}`,
    )
    expect(() => load({ CAPTCHA_SECRET: "segredo" })).toThrow(`Configuração inválida:\n${noSmtp}`)
    expect(() => load({ ALLOW_NO_SMTP: "1", ALLOW_NO_CAPTCHA: "0" })).toThrow(noCaptcha)
    expect(() => load({ ALLOW_NO_SMTP: "sim" })).toThrow("ALLOW_NO_SMTP: use 1 para permitir ou 0")

    expect(load(liveServices)).toMatchObject({ ALLOW_NO_SMTP: false, ALLOW_NO_CAPTCHA: false })
    expect(load({ ALLOW_NO_SMTP: "1", ALLOW_NO_CAPTCHA: "1" })).toMatchObject({
      PAYMENTS_MODE: "live",
      ALLOW_NO_SMTP: true,
      ALLOW_NO_CAPTCHA: true,
    })
    // The sandbox (the laptop and the tests) needs neither.
    expect(loadEnv({ DATA_DIR: dataDir }).SMTP_URL).toBeUndefined()
  })

  it("keeps recovery's bot check at least as strict as the others", () => {
    const load = (values: Record<string, string>) => loadEnv({ DATA_DIR: dataDir, ...values })
    expect(load({ CAPTCHA_MIN_SCORE: "0.3" }).CAPTCHA_MIN_SCORE_STRICT).toBe(0.7)
    expect(load({ CAPTCHA_MIN_SCORE: "0.8" }).CAPTCHA_MIN_SCORE_STRICT).toBe(0.8)
    expect(load({ CAPTCHA_MIN_SCORE_STRICT: "0.9" }).CAPTCHA_MIN_SCORE_STRICT).toBe(0.9)
    expect(() => load({ CAPTCHA_MIN_SCORE: "0.6", CAPTCHA_MIN_SCORE_STRICT: "0.5" })).toThrow(
      /CAPTCHA_MIN_SCORE_STRICT: não pode ser menor que CAPTCHA_MIN_SCORE/,
    )
    expect(() => load({ CAPTCHA_MIN_SCORE_STRICT: "2" })).toThrow(/CAPTCHA_MIN_SCORE_STRICT:/)
  })
  it("keeps links to private media at most 5 minutes, shorter when asked", () => {
    const load = (values: Record<string, string>) => loadEnv({ DATA_DIR: dataDir, ...values })
    expect(load({}).PRIVATE_MEDIA_TTL_SECONDS).toBe(300)
    const short = load({ PRIVATE_MEDIA_TTL_SECONDS: "5" })
    expect(configFromEnv(short, null).privateMediaTtlSeconds).toBe(5)
    for (const wrong of ["301", "1", "2.5", "cinco"])
      expect(() => load({ PRIVATE_MEDIA_TTL_SECONDS: wrong }), wrong).toThrow(
        /^Configuração inválida:\n {2}PRIVATE_MEDIA_TTL_SECONDS: deve ser .*de 2 a 300/,
      )
  })
})
