import { existsSync } from "node:fs"

/** Flags that let Debian's Chromium run headless as root on a machine with no outside network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** The system Chromium; test tools never download a browser of their own. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? "/usr/bin/chromium"
}

export function assertChromium(): void {
  const path = chromiumPath()
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it with "sudo apt-get install -y chromium" ` +
        `or point CHROME_PATH at a Chromium binary.`,
    )
  }
}
