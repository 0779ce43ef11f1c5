import { beforeEach, describe, expect, it } from "vitest"
import { accessToken, authStore, clearSession, isLoggedIn, storeAccessToken } from "./auth-store.ts"
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
