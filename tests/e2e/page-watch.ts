import type { Page } from "@playwright/test"

/** Console errors and warnings, and uncaught errors, from the moment the page starts. */
export function problems(page: Page): string[] {
  const found: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") found.push(message.text())
  })
  page.on("pageerror", (error) => found.push(error.message))
  return found
}

/** Holds the app's scripts, as on a slow phone, until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Keeps the nodes of a page as the server sent it, before the app's scripts run (`takenOver`). */
export async function keepDrawnNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return
      ;(window as { drawn?: Element[] }).drawn = [...document.querySelectorAll("#root *")]
    })
  })
}

/**
 * Once the app has taken the page over (hydration runs as a transition, in slices: it is done
 * when React owns the root's main): how many nodes the server drew, which of them the app drew
 * again instead (a placeholder that goes once what it stands for arrives aside), and how many
 * React owns.
 */
export async function takenOver(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("#root main")
    return main !== null && Object.keys(main).some((key) => key.startsWith("__react"))
  })
  return page.evaluate(() => {
    const drawn = (window as { drawn?: Element[] }).drawn ?? []
    const reactOwns = (node: Element) => Object.keys(node).some((k) => k.startsWith("__react"))
    const placeholder = (node: Element) => node.closest('[data-slot="skeleton"]') !== null
    return {
      drawn: drawn.length,
      replaced: drawn
        .filter((node) => !node.isConnected && !placeholder(node))
        .map((node) => node.outerHTML.slice(0, 80)),
      hydrated: drawn.filter(reactOwns).length,
    }
  })
}
