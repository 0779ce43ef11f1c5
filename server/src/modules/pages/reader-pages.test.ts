import { rmSync } from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { builtApp } from "../../../test/built-app.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { createManualClock } from "../../clock.ts"
import { createReaderPasses } from "../auth/reader-passes.ts"
import { readerCookieName } from "../../plugins/reader-cookie.ts"
import { refreshCookieName } from "../../plugins/refresh-cookie.ts"

// The built index.html in miniature; the renderer is the app's own source (built to dist-ssr).
const template = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Closer - Plataforma de Close Friends</title>
    <script type="module" crossorigin src="/assets/index-Ab1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

let t: TestApp
let distDir: string
const username = "leitora"

beforeAll(async () => {
  distDir = builtApp(template, { earlyStart: "/assets/early-start-Ab1.js" })
  t = await createTestApp({
    config: { distDir, pageRenderer: path.resolve("src/app/ssr/render-page.tsx") },
    // The pages' guards run in the app's code, on the real time: payments are made now too.
    clock: createManualClock(new Date()),
  })
  await t.createCreator({ username, fullName: "Lia Leitora", paymentGateway: "iugu" })
}, 120_000)

afterAll(async () => {
  await t.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** A guest buyer's Pix checkout: her code, her account, and the cookies her browser now holds. */
async function pixBuyer(label: string) {
  const res = await t.inject({
    method: "POST",
    url: `/v1/${username}/iugu/subscription/pix`,
    payload: {
      email: `${label}.${Date.now()}@exemplo.com.br`,
      planName: "MONTHLY",
      token: captchaTokens.valid,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const answer = res.json() as {
    subscription: { payment: { pixCode: string } }
    auth: { accessToken: string }
  }
  const cookie = (name: string) => res.cookies.find((c) => c.name === name)
  const session = await t.inject({ url: "/v1/auth/session", token: answer.auth.accessToken })
  return {
    code: answer.subscription.payment.pixCode,
    account: session.json().account._id as string,
    pass: cookie(readerCookieName)!.value,
    passCookie: cookie(readerCookieName),
    refreshCookie: cookie(refreshCookieName),
    refresh: cookie(refreshCookieName)!.value,
  }
}

const page = (url: string, pass?: string) =>
  t.inject({
    url,
    headers: { "accept-encoding": "identity" },
    cookies: pass ? { [readerCookieName]: pass } : {},
  })

const pageState = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1] ?? "null",
  ) as { viewer: string | null; data: Array<[unknown[], unknown]> } | null

const pixPage = `/${username}/checkout/qrcodeurl`

describe("a buyer's own payment pages, drawn by the server for her alone", () => {
  it("gives the buyer's browser a pass for her pages beside the refresh cookie", async () => {
    const { passCookie, refreshCookie } = await pixBuyer("passe")
    expect(passCookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" })
    expect(passCookie?.expires).toEqual(refreshCookie?.expires)
  })

  it("draws her Pix page with her code and QR, for her browser to take over, and never keeps it", async () => {
    const buyer = await pixBuyer("pix")
    const res = await page(pixPage, buyer.pass)
    expect(res.statusCode).toBe(200)
    expect(res.headers["cache-control"]).toBe("private, no-store")
    expect(res.body).toContain("Falta pouco!")
    expect(res.body).toContain(buyer.code)
    expect(res.body).toMatch(/<img data-slot="qr-code" src="data:image\/svg\+xml,/)
    const state = pageState(res.body)
    expect(state?.viewer).toBe(buyer.account)
    expect(state?.data.map(([key]) => key)).toContainEqual([
      "subscription",
      username,
      buyer.account,
    ])
  })

  it("draws her payment status with the code to copy", async () => {
    const buyer = await pixBuyer("status")
    const res = await page(`/${username}/payment/status`, buyer.pass)
    expect(res.statusCode).toBe(200)
    expect(res.headers["cache-control"]).toBe("private, no-store")
    expect(res.body).toContain("Status do pagamento")
    expect(res.body).toContain(buyer.code)
  })

  it("shows each buyer her own code only, and a visitor none", async () => {
    const [ana, bia] = await Promise.all([pixBuyer("ana"), pixBuyer("bia")])
    const anas = await page(pixPage, ana.pass)
    const bias = await page(pixPage, bia.pass)
    expect(anas.body).toContain(ana.code)
    expect(anas.body).not.toContain(bia.code)
    expect(bias.body).toContain(bia.code)
    expect(bias.body).not.toContain(ana.code)
    // Right after, without a pass: the page the browser draws, with nobody's code in it.
    const visitor = await page(pixPage)
    expect(visitor.statusCode).toBe(200)
    expect(visitor.body).not.toContain(ana.code)
    expect(visitor.body).not.toContain(bia.code)
    expect(visitor.body).not.toContain("Falta pouco!")
  })

  it("draws nothing of hers for a forged or altered pass, and takes none as an API token", async () => {
    const buyer = await pixBuyer("forjado")
    const forged = await createReaderPasses("outro-segredo-".repeat(4), () => new Date()).sign(
      { accountId: buyer.account, familyId: crypto.randomUUID() },
      new Date(Date.now() + 86_400_000),
    )
    const [header, , signature] = buyer.pass.split(".")
    const otherClaims = Buffer.from(
      JSON.stringify({ sub: buyer.account, fam: "nao-e-um-uuid", aud: "closer-pages" }),
    ).toString("base64url")
    for (const pass of [forged, `${header}.${otherClaims}.${signature}`, "lixo"]) {
      const res = await page(pixPage, pass)
      expect(res.statusCode, pass).toBe(200)
      expect(res.body, pass).not.toContain(buyer.code)
    }
    const asToken = await t.inject({ url: `/v1/${username}/subscription`, token: buyer.pass })
    expect(asToken.statusCode).toBe(401)
  })

  it("ends with her session: after logging out, the same pass draws nothing of hers", async () => {
    const buyer = await pixBuyer("saiu")
    const out = await t.inject({
      method: "POST",
      url: "/v1/auth/logout",
      cookies: { [refreshCookieName]: buyer.refresh },
    })
    expect(out.statusCode).toBe(200)
    const cleared = out.cookies.find((c) => c.name === readerCookieName)
    expect(cleared?.value).toBe("")
    expect(cleared?.path).toBe("/")
    const res = await page(pixPage, buyer.pass)
    expect(res.body).not.toContain(buyer.code)
  })

  it("slides with the session: a refresh gives a new pass that draws her page", async () => {
    const buyer = await pixBuyer("renovou")
    const renewed = await t.inject({
      method: "POST",
      url: "/v1/auth/refresh",
      cookies: { [refreshCookieName]: buyer.refresh },
    })
    expect(renewed.statusCode, renewed.body).toBe(200)
    const pass = renewed.cookies.find((c) => c.name === readerCookieName)?.value
    expect(pass).toBeDefined()
    const res = await page(pixPage, pass)
    expect(res.body).toContain(buyer.code)
  })

  it("draws every other page as any visitor sees it, pass or not", async () => {
    const buyer = await pixBuyer("perfil")
    const res = await page(`/${username}`, buyer.pass)
    expect(res.headers["cache-control"]).toBe("no-cache")
    expect(pageState(res.body)?.viewer).toBeNull()
    expect(res.body).toBe((await page(`/${username}`)).body)
  })
})
