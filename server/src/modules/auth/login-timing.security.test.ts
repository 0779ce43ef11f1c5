import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { generatedPasswordScrypt } from "../../adapters/passwords/passwords.ts"

/**
 * Costlier than the suite's scrypt, and 4 times a generated password's: the dummy check of an
 * unknown login used to take this long while a generated password answered in a quarter of it.
 */
const configured = { N: 2 ** 14, r: 8, p: 1, maxmem: 32 * 1024 * 1024 }
const rounds = 7

let t: TestApp
let ip = 0

beforeAll(async () => {
  t = await createTestApp({ config: { scrypt: configured } })
})
afterAll(() => t.close())

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

/** One wrong-password login, timed; a new address each time so no wait gets in the way. */
async function timedLogin(usernameOrEmail: string) {
  ip += 1
  const started = process.hrtime.bigint()
  const res = await t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail, password: "chute-123", token: captchaTokens.valid },
    remoteAddress: `100.66.${ip >> 8}.${ip & 255}`,
  })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  expect(res.statusCode).toBe(401)
  return ms
}

describe("login timing", () => {
  it("refuses an unknown e-mail, a generated password and a chosen one in the same time", async () => {
    expect(generatedPasswordScrypt.N * 4).toBe(configured.N)
    const creator = await t.createCreator()
    // Short sign-ups: without a password the account gets a generated (light) one.
    const signUp = async (email: string, password?: string) => {
      const res = await t.inject({
        method: "POST",
        url: "/v1/auth/customer/register/short",
        payload: { email, token: captchaTokens.valid, from: creator.username, password },
      })
      expect(res.statusCode, res.body).toBe(200)
      return email
    }
    const generated = await signUp("gerada.tempo@exemplo.com.br")
    const chosen = await signUp("escolhida.tempo@exemplo.com.br", "minha-senha")

    const times = { unknown: [] as number[], generated: [] as number[], chosen: [] as number[] }
    await timedLogin("aquecimento@exemplo.com.br")
    // Interleaved, so a burst of load on this shared machine falls on all three alike.
    for (let i = 0; i < rounds; i++) {
      times.unknown.push(await timedLogin("ninguem.tempo@exemplo.com.br"))
      times.generated.push(await timedLogin(generated))
      times.chosen.push(await timedLogin(chosen))
    }
    const unknown = median(times.unknown)
    const ratios = [median(times.generated) / unknown, median(times.chosen) / unknown]
    console.log(
      `login timing (median ms): unknown ${unknown.toFixed(1)}, generated ${median(times.generated).toFixed(1)}, chosen ${median(times.chosen).toFixed(1)}`,
    )
    // The old code answered a generated password in about a quarter of the time of an unknown login.
    for (const ratio of ratios) {
      expect(ratio).toBeGreaterThan(0.6)
      expect(ratio).toBeLessThan(1.6)
    }
  }, 120_000)
})
