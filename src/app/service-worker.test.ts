import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it, vi } from "vitest"

/** public/sw.js run against a stand-in `self`, keeping the fetch listener it registers. */
function loadServiceWorker() {
  const listeners = new Map<string, (event: unknown) => void>()
  const self = {
    location: { origin: "https://closer.app.br" },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  }
  // Vitest runs from the repository's root.
  const source = readFileSync(path.join(process.cwd(), "public", "sw.js"), "utf8")
  const cache = {
    match: async () => undefined,
    put: async () => undefined,
    add: async () => undefined,
  }
  const caches = { open: async () => cache, keys: async () => [] }
  const fetch = async () => new Response("", { status: 200 })
  new Function("self", "caches", "fetch", source)(self, caches, fetch)
  /** Whether the worker answers this request itself (and may keep the answer). */
  return (method: string, url: string, mode = "cors") => {
    const respondWith = vi.fn()
    listeners.get("fetch")!({ request: { method, url, mode }, respondWith, waitUntil: vi.fn() })
    return respondWith.mock.calls.length > 0
  }
}

describe("the service worker", () => {
  const handles = loadServiceWorker()

  it("never answers an API call, where every signed-in answer is: the network always does", () => {
    for (const path of ["/v1/auth/session", "/v1/demo/subscription", "/v1/u/demo/medias"])
      expect(handles("GET", `https://closer.app.br${path}`), path).toBe(false)
    expect(handles("POST", "https://closer.app.br/v1/auth/refresh")).toBe(false)
    expect(handles("GET", "https://api.closer.app.br/v1/auth/session")).toBe(false)
  })

  it("keeps only the app's own shell and static files", () => {
    expect(handles("GET", "https://closer.app.br/assets/app-1a2b3c.js")).toBe(true)
    expect(handles("GET", "https://closer.app.br/demo", "navigate")).toBe(true)
  })
})
