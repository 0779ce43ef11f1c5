import { devices, type BrowserContextOptions } from "@playwright/test"

export const STORYBOOK_PORT = Number(process.env.STORYBOOK_PORT ?? 6107)

/** The built Storybook the screenshots are taken of (`npm run build-storybook` writes it). */
export const STORYBOOK_DIR = process.env.STORYBOOK_DIR ?? "storybook-static"

/** The page every story is drawn in: a phone-width Chromium in pt-BR and São Paulo time. */
export const storyContextOptions: BrowserContextOptions = {
  ...devices["Desktop Chrome"],
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 1,
  baseURL: `http://127.0.0.1:${STORYBOOK_PORT}`,
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  // As in the Vitest run. A dialog's opening fade may wait for a frame a busy page is slow to
  // draw: a play function checking it then read it as still hidden.
  reducedMotion: "reduce",
}
