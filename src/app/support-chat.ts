import type { SupportConfig } from "../domain/models.ts"

/** Crisp's loader: a plain script that reads the website id from `window.CRISP_WEBSITE_ID`. */
export const CRISP_SCRIPT_URL = "https://client.crisp.chat/l.js"
const SCRIPT_ID = "support-chat"

declare global {
  interface Window {
    CRISP_WEBSITE_ID?: string
    $crisp?: unknown[]
  }
}

/** The checkout pages (`/{username}/checkout...`): the chat never loads while a buyer pays. */
export function isCheckoutPath(pathname: string): boolean {
  return pathname.split("/")[2] === "checkout"
}

export type SupportChatEnv = {
  fetchConfig: () => Promise<SupportConfig>
  pathname: () => string
  /** Calls `listener` after each navigation; returns the unsubscribe. */
  onNavigate: (listener: () => void) => () => void
  /** Runs `task` once the page has loaded and the browser is idle. */
  whenReady: (task: () => void) => void
  inject: (websiteId: string) => void
}

/**
 * The support chat of spec §1, loaded lazily: after the page is interactive, never on a
 * checkout page (a buyer who lands there gets it on the next page that is not), once, and not
 * at all when the server has no chat configured.
 */
export function startSupportChat(env: SupportChatEnv): void {
  let stopWaiting: (() => void) | null = null
  const load = () => {
    if (isCheckoutPath(env.pathname())) {
      stopWaiting ??= env.onNavigate(() => {
        if (isCheckoutPath(env.pathname())) return
        stopWaiting?.()
        stopWaiting = null
        env.whenReady(load)
      })
      return
    }
    env.fetchConfig().then(
      ({ chat }) => {
        if (chat) env.inject(chat.websiteId)
      },
      // Support is a nicety: without its settings the page goes on without a chat.
      () => undefined,
    )
  }
  env.whenReady(load)
}

/** Adds Crisp's script once, with the website id it reads when it runs. */
export function injectCrisp(websiteId: string, doc: Document = document): void {
  if (doc.getElementById(SCRIPT_ID)) return
  const view = doc.defaultView!
  view.$crisp ??= []
  view.CRISP_WEBSITE_ID = websiteId
  const script = doc.createElement("script")
  script.id = SCRIPT_ID
  script.src = CRISP_SCRIPT_URL
  script.async = true
  doc.head.appendChild(script)
}

/** After the window's load event, then an idle moment (spec: after the page is interactive). */
export function afterLoadWhenIdle(task: () => void, idle: (task: () => void) => void): void {
  if (document.readyState === "complete") idle(task)
  else window.addEventListener("load", () => idle(task), { once: true })
}
