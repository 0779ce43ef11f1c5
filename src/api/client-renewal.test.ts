import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { z } from "zod"
import { apiRequest, setSessionExpiredHandler, setTokenSource } from "./client.ts"

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })
const expired = () =>
  json({ message: "Sua sessão expirou. Faça login novamente.", code: "session_expired" }, 401)
const ok = z.object({ ok: z.literal(true) })

describe("an expired access token", () => {
  const fetchMock = vi.fn<typeof fetch>()
  const sessionExpired = vi.fn()
  let token: string | null

  /** The API as the browser sees it: `valid` is the only token it accepts. */
  function api({ valid, refresh }: { valid: string; refresh: () => Response | Promise<Response> }) {
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input)).pathname
      if (path === "/v1/auth/refresh") return refresh()
      const sent = new Headers(init?.headers).get("Authorization")
      return sent === `Bearer ${valid}` ? json({ ok: true }) : expired()
    })
  }
  const paths = () => fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock)
    document.cookie = "XSRF-TOKEN=abc"
    token = "velho"
    setTokenSource(
      () => token,
      (renewed) => {
        token = renewed
      },
    )
    setSessionExpiredHandler(sessionExpired)
  })
  afterEach(() => {
    fetchMock.mockReset()
    sessionExpired.mockReset()
    vi.unstubAllGlobals()
  })

  it("is renewed once with the refresh cookie, and the request is sent again with the new one", async () => {
    api({ valid: "novo", refresh: () => json({ accessToken: "novo" }) })
    expect(await apiRequest("/demo/subscription", ok)).toEqual({ ok: true })
    expect(paths()).toEqual(["/v1/demo/subscription", "/v1/auth/refresh", "/v1/demo/subscription"])
    const [, refresh] = fetchMock.mock.calls[1]!
    expect(refresh?.method).toBe("POST")
    expect(refresh?.credentials).toBe("same-origin")
    // The cookie is the credential: the expired bearer token does not go with it.
    expect(new Headers(refresh?.headers).get("Authorization")).toBeNull()
    expect(new Headers(refresh?.headers).get("X-XSRF-TOKEN")).toBe("abc")
    expect(token).toBe("novo")
    expect(sessionExpired).not.toHaveBeenCalled()
  })

  it("is renewed once for all the requests refused together", async () => {
    let answer!: (response: Response) => void
    api({ valid: "novo", refresh: () => new Promise((resolve) => (answer = resolve)) })
    const requests = Promise.all([
      apiRequest("/a", ok),
      apiRequest("/b", ok),
      apiRequest("/c", ok, { method: "POST", body: { x: 1 } }),
    ])
    await vi.waitFor(() => expect(answer).toBeDefined())
    answer(json({ accessToken: "novo" }))
    expect(await requests).toEqual([{ ok: true }, { ok: true }, { ok: true }])
    expect(paths().filter((path) => path === "/v1/auth/refresh")).toHaveLength(1)
    const retriedBody = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/c")).at(-1)!
    expect(retriedBody[1]?.body).toBe('{"x":1}')
  })

  it("that another request already renewed is not renewed again", async () => {
    api({ valid: "novo", refresh: () => json({ accessToken: "outro" }) })
    fetchMock.mockImplementationOnce(async () => {
      token = "novo"
      return expired()
    })
    expect(await apiRequest("/a", ok)).toEqual({ ok: true })
    expect(paths()).toEqual(["/v1/a", "/v1/a"])
  })

  it("ends the session when the refresh cookie no longer renews it, with the server's pt-BR message", async () => {
    api({ valid: "novo", refresh: expired })
    await expect(apiRequest("/demo/subscription", ok)).rejects.toMatchObject({
      status: 401,
      code: "session_expired",
      message: "Sua sessão expirou. Faça login novamente.",
    })
    expect(sessionExpired).toHaveBeenCalledTimes(1)
    expect(paths()).toEqual(["/v1/demo/subscription", "/v1/auth/refresh"])
  })

  it("is retried only once: a renewed token refused too ends the session", async () => {
    api({ valid: "nenhum", refresh: () => json({ accessToken: "novo" }) })
    await expect(apiRequest("/a", ok)).rejects.toMatchObject({ code: "session_expired" })
    expect(paths()).toEqual(["/v1/a", "/v1/auth/refresh", "/v1/a"])
    expect(sessionExpired).toHaveBeenCalledTimes(1)
  })

  it("ends the session once: a refusal that arrives after it ended asks nothing and forgets nothing again", async () => {
    api({ valid: "novo", refresh: expired })
    // As the app does: the session's end forgets the token.
    sessionExpired.mockImplementation(() => {
      token = null
    })
    let answerLate!: () => void
    const late = new Promise<void>((resolve) => (answerLate = resolve))
    const answerAfterEnd = fetchMock.getMockImplementation()!
    fetchMock.mockImplementationOnce(async (input, init) => {
      await late
      return answerAfterEnd(input, init)
    })
    const slow = apiRequest("/lenta", ok)
    await expect(apiRequest("/rapida", ok)).rejects.toMatchObject({ code: "session_expired" })
    expect(sessionExpired).toHaveBeenCalledTimes(1)
    answerLate()
    await expect(slow).rejects.toMatchObject({ status: 401, code: "session_expired" })
    expect(sessionExpired).toHaveBeenCalledTimes(1)
    expect(paths().filter((path) => path === "/v1/auth/refresh")).toHaveLength(1)
  })

  it("keeps the session when the renewal cannot reach the server", async () => {
    api({
      valid: "novo",
      refresh: () => {
        throw new TypeError("Failed to fetch")
      },
    })
    await expect(apiRequest("/a", ok)).rejects.toMatchObject({ code: "network_error" })
    expect(sessionExpired).not.toHaveBeenCalled()
    expect(token).toBe("velho")
  })

  it("is nothing to renew for a visitor, who simply is not signed in", async () => {
    token = null
    fetchMock.mockResolvedValue(
      json({ message: "Faça login para continuar.", code: "unauthorized" }, 401),
    )
    await expect(apiRequest("/a", ok)).rejects.toMatchObject({ code: "unauthorized" })
    expect(paths()).toEqual(["/v1/a"])
  })
})
