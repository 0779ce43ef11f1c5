import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  captchaTokens,
  startFakeRecaptcha,
  type FakeRecaptcha,
} from "../../../test/fake-recaptcha.ts"
import { createAcceptAllCaptcha } from "./captcha.ts"
import { createRecaptcha } from "./recaptcha.ts"

let fake: FakeRecaptcha
const quiet = { info: () => {}, warn: () => {} }

beforeAll(async () => {
  fake = await startFakeRecaptcha({ secret: "segredo", hostname: "closer.app.br" })
})
afterAll(() => fake.close())

const recaptcha = (overrides: Partial<Parameters<typeof createRecaptcha>[0]> = {}) =>
  createRecaptcha({
    secret: "segredo",
    verifyUrl: fake.url,
    minScore: 0.5,
    strictMinScore: 0.7,
    hostnames: ["closer.app.br"],
    logger: quiet,
    ...overrides,
  })

describe("reCAPTCHA v3 verification", () => {
  it("passes a good token and posts secret, response and remoteip as a form", async () => {
    expect(await recaptcha().verify({ token: captchaTokens.valid, remoteIp: "203.0.113.9" })).toBe(
      true,
    )
    expect(Object.fromEntries(fake.requests.at(-1)!)).toEqual({
      secret: "segredo",
      response: captchaTokens.valid,
      remoteip: "203.0.113.9",
    })
  })

  it.each([
    ["a failed token", captchaTokens.rejected],
    ["a low score", captchaTokens.lowScore],
    ["another action", captchaTokens.wrongAction],
    ["another host", captchaTokens.wrongHost],
    ["an empty token", ""],
  ])("refuses %s", async (_label, token) => {
    expect(await recaptcha().verify({ token })).toBe(false)
  })

  it("honours the configured minimum score", async () => {
    expect(await recaptcha({ minScore: 0.95 }).verify({ token: captchaTokens.valid })).toBe(false)
  })

  it("asks a higher score at the strict level", async () => {
    const middle = { token: captchaTokens.middleScore }
    expect(await recaptcha().verify(middle)).toBe(true)
    expect(await recaptcha().verify({ ...middle, level: "standard" })).toBe(true)
    expect(await recaptcha().verify({ ...middle, level: "strict" })).toBe(false)
    expect(await recaptcha().verify({ token: captchaTokens.valid, level: "strict" })).toBe(true)
    expect(await recaptcha({ strictMinScore: 0.6 }).verify({ ...middle, level: "strict" })).toBe(
      true,
    )
    // Never looser than the standard level, whatever it is given.
    expect(
      await recaptcha({ minScore: 0.95, strictMinScore: 0.1 }).verify({
        token: captchaTokens.valid,
        level: "strict",
      }),
    ).toBe(false)
  })

  it("refuses when the secret is wrong or Google cannot be reached", async () => {
    expect(await recaptcha({ secret: "outro" }).verify({ token: captchaTokens.valid })).toBe(false)
    expect(
      await recaptcha({ verifyUrl: "http://127.0.0.1:9/siteverify", timeoutMs: 500 }).verify({
        token: captchaTokens.valid,
      }),
    ).toBe(false)
  })

  it("refuses an answer that is not siteverify's JSON", async () => {
    const server = createServer((_req, res) => res.end("<html>erro</html>"))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    expect(await recaptcha({ verifyUrl: url }).verify({ token: captchaTokens.valid })).toBe(false)
    await new Promise((resolve) => server.close(resolve))
  })
})

describe("accept-all captcha", () => {
  it("accepts and says so in the log", async () => {
    const logs: string[] = []
    const captcha = createAcceptAllCaptcha({
      info: (_object, message) => logs.push(message),
      warn: () => {},
    })
    expect(await captcha.verify({ token: "" })).toBe(true)
    expect(logs[0]).toContain("desativada")
  })
})
