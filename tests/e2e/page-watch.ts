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
