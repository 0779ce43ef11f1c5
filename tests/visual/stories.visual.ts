import { readFileSync } from "node:fs"
import { expect, test } from "@playwright/test"

/**
 * One screenshot per story of the built Storybook, compared with the committed baseline.
 * Stories render after their play function has finished, so the picture shows the state
 * the story ends in. Refresh baselines with `npm run test:visual -- --update-snapshots`.
 */
type IndexEntry = { id: string; type: string; title: string; name: string; tags?: string[] }

const index = JSON.parse(readFileSync("storybook-static/index.json", "utf8")) as {
  entries: Record<string, IndexEntry>
}
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === "story" && !entry.tags?.includes("no-visual"),
)

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ page }) => {
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`)
    await page.waitForFunction(
      () => {
        const phase = (
          window as unknown as {
            __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } }
          }
        ).__STORYBOOK_PREVIEW__?.currentRender?.phase
        return phase === "completed" || phase === "finished" || phase === "errored"
      },
      undefined,
      { timeout: 20_000 },
    )
    await page.evaluate(() => document.fonts.ready)
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true })
  })
}
