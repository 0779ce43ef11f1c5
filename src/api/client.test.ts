import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { z } from "zod"
import { ApiError, apiRequest, setTokenSource } from "./client.ts"
import { earlyAnswerKey, type EarlyAnswers } from "./early-answers.ts"

const okJson = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

describe("apiRequest", () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock)
    setTokenSource(() => "token-123")
    document.cookie = "XSRF-TOKEN=abc"
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
  })

  it("sends the bearer token to our own API and parses the body with the schema", async () => {
    fetchMock.mockResolvedValue(okJson({ status: "ok" }))
    const body = await apiRequest("/health", z.object({ status: z.literal("ok") }))
    expect(body).toEqual({ status: "ok" })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(`${window.location.origin}/v1/health`)
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer token-123")
  })

  it("leaves cookies to the browser's same-origin default when the API is ours", async () => {
    fetchMock.mockResolvedValue(okJson({ ok: true }))
    await apiRequest("/x", z.object({ ok: z.boolean() }))
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe("same-origin")
  })

  it("calls the configured API origin with its cookies when VITE_API_URL is another origin", async () => {
    vi.stubEnv("VITE_API_URL", "https://api.closer.example/")
    fetchMock.mockResolvedValue(okJson({ ok: true }))
    await apiRequest("/x", z.object({ ok: z.boolean() }))
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe("https://api.closer.example/v1/x")
    expect(init?.credentials).toBe("include")
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer token-123")
  })

  it("never sends the bearer token to another host, whatever the path looks like", async () => {
    vi.stubEnv("VITE_API_URL", "https://api.closer.example")
    fetchMock.mockImplementation(async () => okJson({}))
    const paths = [
      "https://evil.example/steal",
      "//evil.example/steal",
      "@evil.example/steal",
      "/../../evil.example",
      "\\\\evil.example/steal",
    ]
    for (const path of paths) await apiRequest(path, z.object({}))
    expect(fetchMock).toHaveBeenCalledTimes(paths.length)
    // Every request, the token with it, stays on the API's origin.
    for (const [url] of fetchMock.mock.calls)
      expect(new URL(String(url)).origin, String(url)).toBe("https://api.closer.example")
  })

  it("gets the anti-forgery cookie from a first read when a write comes first", async () => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith("/v1/health")) document.cookie = "XSRF-TOKEN=novo"
      return okJson({})
    })
    await apiRequest("/auth/login", z.object({}), { method: "POST", body: {} })
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `${window.location.origin}/v1/health`,
      `${window.location.origin}/v1/auth/login`,
    ])
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get("X-XSRF-TOKEN")).toBe("novo")
  })

  it("asks once for the anti-forgery cookie when two writes come first together", async () => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith("/v1/health")) document.cookie = "XSRF-TOKEN=novo"
      return okJson({})
    })
    await Promise.all([
      apiRequest("/events", z.object({}), { method: "POST", body: { name: "profile" } }),
      apiRequest("/events", z.object({}), { method: "POST", body: { name: "checkout" } }),
    ])
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)
    expect(urls).toEqual(["/v1/health", "/v1/events", "/v1/events"])
    for (const [, init] of fetchMock.mock.calls.slice(1))
      expect(new Headers(init?.headers).get("X-XSRF-TOKEN")).toBe("novo")
  })

  it("echoes the anti-forgery cookie on non-GET requests only", async () => {
    fetchMock.mockImplementation(async () => okJson({}))
    await apiRequest("/performer/lead", z.object({}), { method: "POST", body: { a: 1 } })
    await apiRequest("/profile/demo", z.object({}))
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("X-XSRF-TOKEN")).toBe("abc")
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get("X-XSRF-TOKEN")).toBeNull()
  })

  it("throws ApiError with the server's pt-BR message and code", async () => {
    fetchMock.mockResolvedValue(okJson({ message: "Senha incorreta", code: "wrong_password" }, 401))
    const error = await apiRequest("/auth/login", z.object({}), { method: "POST", body: {} }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: "Senha incorreta", code: "wrong_password" })
  })

  it("rejects a success body that does not match the schema", async () => {
    fetchMock.mockResolvedValue(okJson({ status: 42 }))
    await expect(apiRequest("/health", z.object({ status: z.string() }))).rejects.toThrow()
  })

  it("sends an idempotency key when given one", async () => {
    fetchMock.mockResolvedValue(okJson({}))
    await apiRequest("/demo/iugu/subscription/pix", z.object({}), {
      method: "POST",
      body: {},
      idempotencyKey: "key-12345678",
    })
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("Idempotency-Key")).toBe(
      "key-12345678",
    )
  })

  it("keeps the whole error body, for answers that carry more than message and code", async () => {
    const body = {
      message: "Número do cartão inválido",
      code: "card_token_invalid",
      errors: { number: ["is invalid"] },
    }
    fetchMock.mockResolvedValue(okJson(body, 422))
    const error = await apiRequest("/sandbox/iugu/payment_token", z.object({}), {
      method: "POST",
      body: {},
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, body })
  })

  it("turns a network failure into a pt-BR error", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"))
    await expect(apiRequest("/profile/demo", z.object({}))).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    })
  })
})

describe("answers index.html started before the app ran", () => {
  const fetchMock = vi.fn<typeof fetch>()
  const early = () => window as { __closerEarly?: EarlyAnswers }
  const profileUrl = `${window.location.origin}/v1/profile/demo`
  /** The profile's early answer, as the script keeps it when asked with `token`. */
  const earlyProfile = (response: Promise<Response>, token: string | null = null) => ({
    [earlyAnswerKey(profileUrl, token)]: response,
  })

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock)
    fetchMock.mockResolvedValue(okJson({ from: "network" }))
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    delete early().__closerEarly
  })

  it("serve the visitor's first read of that address, once", async () => {
    setTokenSource(() => null)
    early().__closerEarly = earlyProfile(Promise.resolve(okJson({ from: "early" })))
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "early",
    })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "network",
    })
  })

  it("serve a signed-in viewer only when asked with the token she sends", async () => {
    setTokenSource(() => "token-123")
    fetchMock.mockImplementation(async () => okJson({ from: "network" }))
    early().__closerEarly = earlyProfile(Promise.resolve(okJson({ from: "early" })))
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "network",
    })
    early().__closerEarly = earlyProfile(Promise.resolve(okJson({ from: "early" })), "token-456")
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "network",
    })
    early().__closerEarly = earlyProfile(Promise.resolve(okJson({ from: "early" })), "token-123")
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "early",
    })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it("renew an early answer's expired token and ask again", async () => {
    let token = "old-token"
    setTokenSource(
      () => token,
      (renewed) => (token = renewed),
    )
    document.cookie = "XSRF-TOKEN=abc"
    early().__closerEarly = earlyProfile(
      Promise.resolve(
        new Response(JSON.stringify({ message: "Sessão expirada", code: "session_expired" }), {
          status: 401,
        }),
      ),
      "old-token",
    )
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith("/auth/refresh")
        ? okJson({ accessToken: "new-token" })
        : okJson({ from: "network" }),
    )
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "network",
    })
    const asked = fetchMock.mock.calls.map(([input, init]) => [
      new URL(String(input)).pathname,
      new Headers(init?.headers).get("Authorization"),
    ])
    expect(asked).toEqual([
      ["/v1/auth/refresh", null],
      ["/v1/profile/demo", "Bearer new-token"],
    ])
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
  })

  it("are asked again when the early request failed", async () => {
    setTokenSource(() => null)
    early().__closerEarly = earlyProfile(Promise.reject(new TypeError("Failed to fetch")))
    expect(await apiRequest("/profile/demo", z.object({ from: z.string() }))).toEqual({
      from: "network",
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
