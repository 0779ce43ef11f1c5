import { readFileSync } from "node:fs"
import { expect, test } from "@playwright/test"
import { STORYBOOK_DIR } from "./story-context.ts"

/**
 * Each docs page of the built Storybook (the MDX guide and the components' autodocs) opens
 * with its headings and without a console error: a story a page embeds that no longer exists,
 * or one that throws, fails here rather than showing an error box to a reader.
 */
type IndexEntry = { id: string; type: string; title: string; importPath: string }

const index = JSON.parse(readFileSync(`${STORYBOOK_DIR}/index.json`, "utf8")) as {
  entries: Record<string, IndexEntry>
}
const pages = Object.values(index.entries).filter((entry) => entry.type === "docs")

/** The `#` and `##` headings an MDX file writes itself, as the reader sees them. */
function headingsOf(importPath: string): string[] {
  if (!importPath.endsWith(".mdx")) return []
  return readFileSync(importPath, "utf8")
    .split("\n")
    .filter((line) => /^#{1,2} /.test(line))
    .map((line) => line.replace(/^#+ /, "").replaceAll("**", "").trim())
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)

test.describe.configure({ mode: "parallel" })

for (const page of pages) {
  test(`docs: ${page.title}`, async ({ page: browser }) => {
    const errors: string[] = []
    browser.on("console", (message) => {
      // The browser asks for /favicon.ico by itself when iframe.html is opened on its own.
      if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico"))
        errors.push(message.text())
    })
    browser.on("pageerror", (error) => errors.push(error.message))
    await browser.goto(`/iframe.html?id=${encodeURIComponent(page.id)}&viewMode=docs`)
    const docs = browser.locator("#storybook-docs")
    await expect(docs.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
    // A heading's accessible name also holds its anchor link's label: compare the text.
    for (const heading of headingsOf(page.importPath))
      await expect(docs.locator("h1, h2").filter({ hasText: exactly(heading) })).not.toHaveCount(0)
    // Embedded stories have rendered (or failed) by the time every canvas is filled.
    await expect(docs.locator(".docs-story .sb-story[aria-busy=true]")).toHaveCount(0)
    await expect(docs.getByText(/No Preview|Sorry, but you either have no stories/)).toHaveCount(0)
    expect(errors, "console errors").toEqual([])
  })
}

test("from the Introduction, the expired Pix screen is one click away", async ({ page }) => {
  // The manager loads the sidebar and the preview: slower than one iframe on a busy machine.
  test.setTimeout(120_000)
  // Storybook opens on its first entry: the Introduction.
  await page.goto("/")
  const docs = page.frameLocator("#storybook-preview-iframe")
  await expect(docs.getByRole("heading", { level: 1 })).toContainText("Closer: o guia das telas", {
    timeout: 60_000,
  })
  await docs.getByRole("link", { name: "Pix expirado" }).click()
  await expect(page).toHaveURL(/path=\/story\/telas-comprar-com-pix-pix-copia-e-cola--expired/)
  await expect(docs.getByRole("alert")).toContainText("O código Pix copia e cola expirou", {
    timeout: 30_000,
  })
})
