import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { startEarly, type EarlyStartPlan } from "./start-early.ts"

const plan: EarlyStartPlan = {
  chunks: {
    landing: ["/assets/landing-1.js"],
    creator: ["/assets/creator-1.js"],
    profile: ["/assets/profile-1.js"],
    checkout: ["/assets/checkout-1.js"],
  },
  apiOrigin: "",
}
const fetchMock = vi.fn<typeof fetch>()
const origin = window.location.origin

function visit(path: string, options: Partial<EarlyStartPlan> = {}) {
  window.history.replaceState(null, "", path)
  startEarly({ ...plan, ...options })
}
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map(
    (link) => new URL(link.href).pathname,
  )
const earlyAnswers = () =>
  (window as { __closerEarly?: Record<string, { token: string | null }> }).__closerEarly

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock)
  fetchMock.mockResolvedValue(new Response("{}"))
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  document.head.innerHTML = ""
  localStorage.clear()
  delete (window as { __closerEarly?: object }).__closerEarly
})

describe("startEarly", () => {
  it("preloads the landing's chunks on /, and asks the API for nothing", () => {
    visit("/")
    expect(preloaded()).toEqual(["/assets/landing-1.js"])
    expect(fetchMock).not.toHaveBeenCalled()
    expect(earlyAnswers()).toBeUndefined()
  })

  it("asks for a visitor's profile, highlights and counts, kept by URL for the app", () => {
    visit("/demo")
    expect(preloaded()).toEqual(["/assets/creator-1.js", "/assets/profile-1.js"])
    const urls = [
      `${origin}/v1/profile/demo`,
      `${origin}/v1/u/demo/highlights`,
      `${origin}/v1/u/demo/stats`,
    ]
    expect(fetchMock.mock.calls).toEqual(
      urls.map((url) => [
        url,
        { credentials: "same-origin", headers: { Accept: "application/json" } },
      ]),
    )
    expect(Object.keys(earlyAnswers()!)).toEqual(urls)
  })

  it("preloads the chunks of the creator's page the path names", () => {
    visit("/demo/profile")
    expect(preloaded()).toEqual(["/assets/creator-1.js", "/assets/profile-1.js"])
    document.head.innerHTML = ""
    visit("/demo/checkout")
    expect(preloaded()).toEqual(["/assets/creator-1.js", "/assets/checkout-1.js"])
    document.head.innerHTML = ""
    visit("/demo/checkout/success")
    expect(preloaded()).toEqual(["/assets/creator-1.js"])
  })

  it("reads %40Demo and @demo as the creator's username", () => {
    visit("/%40%40Demo/checkout")
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${origin}/v1/profile/Demo`)
  })

  it("starts nothing on the app's own pages, the API or the built files", () => {
    for (const path of ["/studio/entrar", "/admin", "/tenho-interesse", "/doc/terms", "/v1/x"])
      visit(path)
    expect(preloaded()).toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("leaves a signed-in reader's other pages' reads to the app, under either session key", () => {
    localStorage.setItem("accessToken", "token")
    visit("/demo")
    localStorage.clear()
    localStorage.setItem("auth", JSON.stringify({ accessToken: "token" }))
    for (const path of ["/demo/payment", "/demo/setting/cancel", "/demo/stories/x", "/demo/vip"])
      visit(path)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(earlyAnswers()).toBeUndefined()
    expect(preloaded()).toHaveLength(6)
  })

  const signedIn = (token: string) => ({
    credentials: "same-origin",
    headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
  })
  // Only the profile page reads the highlights and the counts.
  const creatorUrls = [`${origin}/v1/profile/demo`]

  it("asks for a subscriber's subscription and stories on the stories page, with her token", () => {
    localStorage.setItem("auth", JSON.stringify({ accessToken: "reader-token" }))
    visit("/demo/stories/")
    const urls = [
      ...creatorUrls,
      `${origin}/v1/demo/subscription`,
      `${origin}/v1/u/demo/stories?limit=100`,
    ]
    expect(fetchMock.mock.calls).toEqual(urls.map((url) => [url, signedIn("reader-token")]))
    expect(Object.keys(earlyAnswers()!)).toEqual(urls.map((url) => `${url} reader-token`))
  })

  it("asks for the subscription, the account and the notification switches on Minha conta", () => {
    localStorage.setItem("accessToken", "reader-token")
    visit("/%40demo/setting")
    const urls = [
      ...creatorUrls,
      `${origin}/v1/demo/subscription`,
      `${origin}/v1/auth/session`,
      `${origin}/v1/account/notifications`,
    ]
    expect(fetchMock.mock.calls).toEqual(urls.map((url) => [url, signedIn("reader-token")]))
    expect(Object.keys(earlyAnswers()!)).toEqual(urls.map((url) => `${url} reader-token`))
  })

  it("asks a visitor's reads only on Minha conta and the stories without a session", () => {
    for (const path of ["/demo/setting", "/demo/stories"]) {
      visit(path)
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(creatorUrls)
      fetchMock.mockClear()
    }
  })

  it("asks for a buyer's subscription on her Pix and status pages, with her token", () => {
    localStorage.setItem("auth", JSON.stringify({ accessToken: "buyer-token" }))
    localStorage.setItem("accessToken", "older-token")
    for (const path of ["/demo/checkout/qrcodeurl", "/demo/payment/status"]) {
      visit(path)
      const urls = [`${origin}/v1/profile/demo`, `${origin}/v1/demo/subscription`]
      expect(fetchMock.mock.calls).toEqual(
        urls.map((url) => [
          url,
          {
            credentials: "same-origin",
            headers: { Accept: "application/json", Authorization: "Bearer buyer-token" },
          },
        ]),
      )
      expect(Object.keys(earlyAnswers()!)).toEqual(urls.map((url) => `${url} buyer-token`))
      fetchMock.mockClear()
    }
  })

  it("asks a visitor's reads only on a buyer's page without a session", () => {
    visit("/demo/payment/status")
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${origin}/v1/profile/demo`])
  })

  it("asks for the highlights and the counts on the profile page alone", () => {
    visit("/demo/profile")
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${origin}/v1/profile/demo`,
      `${origin}/v1/u/demo/highlights`,
      `${origin}/v1/u/demo/stats`,
    ])
    fetchMock.mockClear()
    visit("/demo/payment/off")
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${origin}/v1/profile/demo`])
  })

  it("asks for a signed-in studio page's session and reads with her token, kept by URL and token", () => {
    localStorage.setItem("auth", JSON.stringify({ accessToken: "token-1" }))
    visit("/studio/numeros")
    const urls = [
      `${origin}/v1/auth/session`,
      `${origin}/v1/payments/config`,
      `${origin}/v1/studio/numbers?days=30`,
    ]
    expect(fetchMock.mock.calls).toEqual(
      urls.map((url) => [
        url,
        {
          credentials: "same-origin",
          headers: { Accept: "application/json", Authorization: "Bearer token-1" },
        },
      ]),
    )
    expect(Object.keys(earlyAnswers()!)).toEqual(urls.map((url) => `${url} token-1`))
    // The server names the page's chunks in its HTML.
    expect(preloaded()).toEqual([])
  })

  it("asks for Conteúdo's stories alone, whichever tab `?aba=` opens on", () => {
    localStorage.setItem("auth", JSON.stringify({ accessToken: "token-1" }))
    const area = ["/v1/auth/session", "/v1/payments/config", "/v1/studio/stories"]
    for (const path of ["/studio/conteudo", "/studio/conteudo?aba=fotos"]) {
      fetchMock.mockClear()
      visit(path)
      expect(fetchMock.mock.calls.map(([url]) => String(url).slice(origin.length))).toEqual(area)
    }
  })

  it("asks for the operator's page reads under either session key", () => {
    localStorage.setItem("accessToken", "token-2")
    visit("/admin/leads")
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${origin}/v1/auth/session`,
      `${origin}/v1/payments/config`,
      `${origin}/v1/admin/leads`,
    ])
  })

  it("asks nothing for a studio page without a session, a login or an unknown section", () => {
    visit("/studio/numeros")
    localStorage.setItem("accessToken", "token")
    for (const path of ["/studio/entrar", "/studio", "/admin/nada", "/studio/toString"]) visit(path)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("asks a separate API origin with the visitor's cookies", () => {
    visit("/demo", { apiOrigin: "https://api.example.com" })
    expect(fetchMock).toHaveBeenCalledWith("https://api.example.com/v1/profile/demo", {
      credentials: "include",
      headers: { Accept: "application/json" },
    })
  })

  it("asks for nothing when the username cannot be decoded, and still preloads", () => {
    visit("/%E0%A4%A")
    expect(fetchMock).not.toHaveBeenCalled()
    expect(preloaded()).toEqual(["/assets/creator-1.js", "/assets/profile-1.js"])
  })
})
