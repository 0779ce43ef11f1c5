import { afterEach, describe, expect, it, vi } from "vitest"
import type { SupportConfig } from "../domain/models.ts"
import {
  CRISP_SCRIPT_URL,
  injectCrisp,
  isCheckoutPath,
  startSupportChat,
  type SupportChatEnv,
} from "./support-chat.ts"

const websiteId = "7d3b5a2e-1c4f-4a6b-9e8d-0f1a2b3c4d5e"

/** A page at `path` whose idle moments and navigations the test decides. */
function page(path: string, config: SupportConfig = { chat: { provider: "crisp", websiteId } }) {
  let pathname = path
  const idle: Array<() => void> = []
  const listeners = new Set<() => void>()
  const env = {
    fetchConfig: vi.fn(async () => config),
    pathname: () => pathname,
    onNavigate: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    whenReady: (task: () => void) => idle.push(task),
    inject: vi.fn<(id: string) => void>(),
  } satisfies SupportChatEnv
  return {
    env,
    listeners,
    /** The browser becomes idle after load: what waited for it runs. */
    idle: async () => {
      for (const task of idle.splice(0)) task()
      await Promise.resolve()
      await Promise.resolve()
    },
    navigate: (to: string) => {
      pathname = to
      for (const listener of [...listeners]) listener()
    },
  }
}

afterEach(() => {
  document.head.innerHTML = ""
  delete window.CRISP_WEBSITE_ID
  delete window.$crisp
})

describe("support chat loader (spec §1)", () => {
  it("waits for the page to be loaded and idle, then loads the chat once", async () => {
    const p = page("/demo")
    startSupportChat(p.env)
    expect(p.env.fetchConfig).not.toHaveBeenCalled()
    await p.idle()
    expect(p.env.inject).toHaveBeenCalledExactlyOnceWith(websiteId)
    p.navigate("/demo/checkout")
    p.navigate("/demo")
    await p.idle()
    expect(p.env.inject).toHaveBeenCalledTimes(1)
  })

  it("loads nothing when the server has no chat id", async () => {
    const p = page("/demo", { chat: null })
    startSupportChat(p.env)
    await p.idle()
    expect(p.env.fetchConfig).toHaveBeenCalledTimes(1)
    expect(p.env.inject).not.toHaveBeenCalled()
  })

  it("goes on without a chat when its settings cannot be read", async () => {
    const p = page("/demo")
    p.env.fetchConfig.mockRejectedValueOnce(new Error("offline"))
    startSupportChat(p.env)
    await p.idle()
    expect(p.env.inject).not.toHaveBeenCalled()
  })

  it("never loads on a checkout page, only on the next page that is not one", async () => {
    const p = page("/demo/checkout")
    startSupportChat(p.env)
    await p.idle()
    expect(p.env.fetchConfig).not.toHaveBeenCalled()
    p.navigate("/demo/checkout/qrcodeurl")
    await p.idle()
    expect(p.env.fetchConfig).not.toHaveBeenCalled()
    p.navigate("/demo/checkout/success")
    p.navigate("/demo")
    expect(p.listeners.size).toBe(0)
    expect(p.env.fetchConfig).not.toHaveBeenCalled()
    await p.idle()
    expect(p.env.inject).toHaveBeenCalledExactlyOnceWith(websiteId)
  })

  it("tells checkout pages by their second segment", () => {
    expect(isCheckoutPath("/demo/checkout")).toBe(true)
    expect(isCheckoutPath("/@demo/checkout/success")).toBe(true)
    expect(isCheckoutPath("/demo/payment")).toBe(false)
    expect(isCheckoutPath("/checkout")).toBe(false)
  })

  it("adds Crisp's script once, with the website id set before it runs", () => {
    injectCrisp(websiteId)
    injectCrisp(websiteId)
    const scripts = document.head.querySelectorAll("script")
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.src).toBe(CRISP_SCRIPT_URL)
    expect(scripts[0]!.async).toBe(true)
    expect(window.CRISP_WEBSITE_ID).toBe(websiteId)
  })
})
