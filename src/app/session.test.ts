import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { apiRequest } from "../api/client.ts"
import { login, logout, logoutEverywhere, register, signIn, installSession } from "./session.ts"
import { authStore, viewer } from "./stores/auth-store.ts"
import { seenStore } from "./stores/seen-store.ts"
import { storiesStore } from "./stores/stories-store.ts"
import { z } from "zod"

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const account = {
  _id: "acc-1",
  email: "ana@exemplo.com.br",
  username: null,
  fullName: "Ana",
  role: "follower",
}

describe("session (spec §4)", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(async () => {
    vi.stubGlobal("fetch", fetchMock)
    document.cookie = "XSRF-TOKEN=abc"
    installSession()
    await logout()
    fetchMock.mockClear()
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it("login stores the token, fetches the session and merges the account", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith("/auth/login") ? json({ accessToken: "t-1" }) : json({ account }),
    )
    await login("ana@exemplo.com.br", "segredo1")
    // With the bot check, which the server asks for while the account is being guessed at.
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      usernameOrEmail: "ana@exemplo.com.br",
      password: "segredo1",
      token: "sem-verificacao",
    })
    expect(authStore.get()).toMatchObject({ accessToken: "t-1", email: account.email, account })
    expect(localStorage.getItem("accessToken")).toBe("t-1")
    const [, init] = fetchMock.mock.calls[1]!
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer t-1")
  })

  it("logs a failed login or registration with the server's code and still rejects (spec §8)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    fetchMock.mockImplementation(async () =>
      json({ message: "Senha incorreta", code: "wrong_password" }, 401),
    )
    await expect(login("ana@exemplo.com.br", "errada")).rejects.toMatchObject({
      code: "wrong_password",
    })
    fetchMock.mockImplementation(async () =>
      json({ message: "Este e-mail já está cadastrado.", code: "email_taken" }, 409),
    )
    await expect(register("ana@exemplo.com.br", "segredo1", "demo")).rejects.toMatchObject({
      code: "email_taken",
    })
    expect(warn.mock.calls).toEqual([
      ["[closer] login falhou: wrong_password"],
      ["[closer] register falhou: email_taken"],
    ])
    expect(authStore.get().accessToken).toBeFalsy()
    warn.mockRestore()
  })

  it("register sends the chosen password, where the person came from and the bot check, then signs in", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith("/auth/customer/register/short")
        ? json({ accessToken: "t-new", password: null })
        : json({ account }),
    )
    await register("ana@exemplo.com.br", "segredo1", "demo")
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toMatch(/\/v1\/auth\/customer\/register\/short$/)
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ana@exemplo.com.br",
      password: "segredo1",
      from: "demo",
      token: "sem-verificacao",
    })
    expect(String(fetchMock.mock.calls[1]![0])).toMatch(/\/v1\/auth\/session$/)
    expect(authStore.get()).toMatchObject({ accessToken: "t-new", email: account.email, account })
    expect(localStorage.getItem("accessToken")).toBe("t-new")
  })

  it("keeps the token when the session cannot be fetched", async () => {
    fetchMock.mockResolvedValue(json({ message: "Erro", code: "x" }, 500))
    await signIn("t-2")
    expect(authStore.get().accessToken).toBe("t-2")
    expect(authStore.get().account).toBeNull()
  })

  it("logout clears the auth state, all local storage, the seen state and the stories' places", async () => {
    fetchMock.mockResolvedValue(json({ account }))
    await signIn("t-3")
    seenStore.set({ current: 5, lastSeen: 9 })
    storiesStore.set({ demo: { currentIndex: 2, progress: 0.5, muted: true, lastActivity: 9 } })
    await logout()
    expect(authStore.get()).toEqual({ email: null, accessToken: null, account: null })
    expect(seenStore.get()).toEqual({ current: 0, lastSeen: 0 })
    // Not imported by session.ts (it stays off the first paint): emptied all the same.
    expect(storiesStore.get()).toEqual({})
    expect(localStorage.length).toBe(0)
    fetchMock.mockResolvedValue(json({ ok: true }))
    await apiRequest("/x", z.object({ ok: z.boolean() }))
    expect(new Headers(fetchMock.mock.lastCall?.[1]?.headers).get("Authorization")).toBeNull()
  })

  it("forgets a token the API no longer accepts, keeping the typed e-mail", async () => {
    fetchMock.mockResolvedValue(json({ account }))
    await signIn("t-4")
    fetchMock.mockResolvedValue(
      json({ message: "Sua sessão expirou. Faça login novamente.", code: "session_expired" }, 401),
    )
    await expect(apiRequest("/demo/subscription", z.unknown())).rejects.toThrow(
      "Sua sessão expirou",
    )
    expect(authStore.get()).toMatchObject({
      accessToken: null,
      account: null,
      email: account.email,
    })
    expect(localStorage.getItem("accessToken")).toBeNull()
  })

  const calls = () =>
    fetchMock.mock.calls.map(
      ([url, init]) => `${init?.method ?? "GET"} ${new URL(String(url)).pathname}`,
    )

  it("logout ends this browser's session on the server too, and still forgets it offline", async () => {
    fetchMock.mockImplementation(async () => json({ account }))
    await signIn("t-5")
    fetchMock.mockImplementation(async () => json({ message: "Você saiu da conta." }))
    await logout()
    expect(calls().at(-1)).toBe("POST /v1/auth/logout")
    await signIn("t-6")
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"))
    await logout()
    expect(authStore.get().accessToken).toBeNull()
  })

  it("logging out everywhere asks the server, then forgets this session; a refusal keeps it", async () => {
    fetchMock.mockImplementation(async () => json({ account }))
    await signIn("t-7")
    fetchMock.mockImplementation(async () =>
      json({ message: "Não foi possível conectar.", code: "network_error" }, 503),
    )
    await expect(logoutEverywhere()).rejects.toThrow("Não foi possível conectar.")
    expect(authStore.get().accessToken).toBe("t-7")
    fetchMock.mockImplementation(async () =>
      json({ message: "Você saiu de todos os dispositivos." }),
    )
    await logoutEverywhere()
    const [url, init] = fetchMock.mock.lastCall!
    expect(`${init?.method} ${new URL(String(url)).pathname}`).toBe("POST /v1/auth/logout-all")
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer t-7")
    expect(authStore.get()).toEqual({ email: null, accessToken: null, account: null })
  })

  it("stores a renewed token, and the viewer the pages' data is kept under stays the same", async () => {
    const jwt = (sub: string, n: number) =>
      `h.${btoa(JSON.stringify({ sub, n })).replace(/=+$/, "")}.s`
    fetchMock.mockImplementation(async () => json({ account }))
    await signIn(jwt("acc-1", 1))
    const before = viewer()
    expect(before).toBe("acc-1")
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith("/auth/refresh")) return json({ accessToken: jwt("acc-1", 2) })
      const sent = new Headers(init?.headers).get("Authorization")
      return sent === `Bearer ${jwt("acc-1", 2)}`
        ? json({ ok: true })
        : json(
            { message: "Sua sessão expirou. Faça login novamente.", code: "session_expired" },
            401,
          )
    })
    await apiRequest("/x", z.object({ ok: z.boolean() }))
    expect(authStore.get().accessToken).toBe(jwt("acc-1", 2))
    expect(localStorage.getItem("accessToken")).toBe(jwt("acc-1", 2))
    expect(viewer()).toBe(before)
  })
})
