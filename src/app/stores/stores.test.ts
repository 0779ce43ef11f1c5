import { beforeEach, describe, expect, it, vi } from "vitest"
import { accessToken, authStore, clearSession, isLoggedIn, storeAccessToken } from "./auth-store.ts"
import { createPersistedStore } from "./persisted.ts"
import { markStorySeen, seenStore } from "./seen-store.ts"

describe("auth store", () => {
  beforeEach(() => clearSession())

  it("persists the token under `auth` and `accessToken`", () => {
    expect(isLoggedIn()).toBe(false)
    storeAccessToken("t1")
    expect(accessToken()).toBe("t1")
    expect(JSON.parse(localStorage.getItem("auth")!)).toMatchObject({ accessToken: "t1" })
    expect(localStorage.getItem("accessToken")).toBe("t1")
  })

  it("logs out by clearing the state and all local storage", () => {
    storeAccessToken("t1")
    localStorage.setItem("other", "x")
    clearSession()
    expect(isLoggedIn()).toBe(false)
    expect(authStore.get()).toEqual({ email: null, accessToken: null, account: null })
    expect(localStorage.length).toBe(0)
  })
})

describe("seen store", () => {
  beforeEach(() => clearSession())

  it("keeps the newest seen story as lastSeen", () => {
    seenStore.reset()
    markStorySeen("2026-11-22T10:00:00Z")
    markStorySeen("2026-11-22T08:00:00Z")
    expect(seenStore.get().lastSeen).toBe(Date.parse("2026-11-22T10:00:00Z"))
    expect(seenStore.get().current).toBe(Date.parse("2026-11-22T08:00:00Z"))
    expect(JSON.parse(localStorage.getItem("seen")!).lastSeen).toBe(
      Date.parse("2026-11-22T10:00:00Z"),
    )
  })
})

describe("stored state read at start", () => {
  beforeEach(() => {
    clearSession()
    vi.resetModules()
  })

  it("keeps a well-formed auth state, account included", async () => {
    const account = {
      _id: "a1",
      email: "ana@exemplo.com.br",
      username: null,
      fullName: "Ana",
      role: "follower",
    }
    localStorage.setItem(
      "auth",
      JSON.stringify({ email: "ana@exemplo.com.br", accessToken: "t1", account }),
    )
    const fresh = await import("./auth-store.ts")
    expect(fresh.authStore.get()).toEqual({
      email: "ana@exemplo.com.br",
      accessToken: "t1",
      account,
    })
  })

  it("reads a field of the wrong type as null and an unknown role as no account", async () => {
    localStorage.setItem(
      "auth",
      JSON.stringify({
        email: 42,
        accessToken: "t1",
        account: { _id: "a1", email: "ana@exemplo.com.br", role: "owner" },
      }),
    )
    const fresh = await import("./auth-store.ts")
    expect(fresh.authStore.get()).toEqual({ email: null, accessToken: "t1", account: null })
  })

  it("ignores a stored value that is not an object", async () => {
    localStorage.setItem("auth", JSON.stringify(["t1"]))
    localStorage.setItem("seen", JSON.stringify("yesterday"))
    const auth = await import("./auth-store.ts")
    const seen = await import("./seen-store.ts")
    expect(auth.authStore.get()).toEqual({ email: null, accessToken: null, account: null })
    expect(seen.seenStore.get()).toEqual({ current: 0, lastSeen: 0 })
  })

  it("reads a seen time that is not a number as 0", async () => {
    localStorage.setItem("seen", JSON.stringify({ current: "x", lastSeen: 1700000000000 }))
    const seen = await import("./seen-store.ts")
    expect(seen.seenStore.get()).toEqual({ current: 0, lastSeen: 1700000000000 })
  })
})

describe("persisted store", () => {
  it("reads local storage on first use, not when created", () => {
    const read = vi.spyOn(Storage.prototype, "getItem")
    localStorage.setItem("lazy-test", JSON.stringify(1))
    const store = createPersistedStore("lazy-test", 0, (raw) =>
      typeof raw === "number" ? raw : null,
    )
    expect(read).not.toHaveBeenCalled()
    // What was stored after the store was made, before its first read, is what it reads.
    localStorage.setItem("lazy-test", JSON.stringify(2))
    expect(store.get()).toBe(2)
    expect(read).toHaveBeenCalledTimes(1)
    expect(store.get()).toBe(2)
    expect(read).toHaveBeenCalledTimes(1)
    read.mockRestore()
    localStorage.removeItem("lazy-test")
  })
})
