import { readFileSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"

/**
 * One screenshot per story of the built Storybook, compared with the committed baseline.
 * The page is sized like the story's declared viewport (the `viewport` global, as the Vitest
 * run sizes it), the picture is taken once the play function and the checks after it have
 * finished, and a story whose play function or checks failed fails here instead of leaving
 * a picture of a broken state. Refresh baselines with `npm run test:visual -- --update-snapshots`.
 */
type IndexEntry = { id: string; type: string; title: string; name: string; tags?: string[] }

const index = JSON.parse(readFileSync("storybook-static/index.json", "utf8")) as {
  entries: Record<string, IndexEntry>
}
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === "story" && !entry.tags?.includes("no-visual"),
)

/** What the page records of the story's render, read back by the test. */
type RenderLog = { phases: string[]; errors: string[] }

/**
 * Runs before Storybook's own scripts: the preview's event channel is caught as it is created,
 * so no phase or error of the first render is missed.
 */
function recordRender() {
  const log: RenderLog = { phases: [], errors: [] }
  ;(window as unknown as { __renderLog: RenderLog }).__renderLog = log
  type Channel = { on(event: string, listener: (payload: never) => void): void }
  type Report = { type: string; status: string; result?: { violations?: { id: string }[] } }
  let current: Channel | undefined
  Object.defineProperty(globalThis, "__STORYBOOK_ADDONS_CHANNEL__", {
    configurable: true,
    get: () => current,
    set(channel: Channel) {
      current = channel
      channel.on("storyRenderPhaseChanged", ({ newPhase }: { newPhase: string }) => {
        log.phases.push(newPhase)
      })
      channel.on("playFunctionThrewException", (error: { message?: string }) => {
        log.errors.push(`play function: ${error.message ?? String(error)}`)
      })
      channel.on("storyThrewException", (error: { message?: string }) => {
        log.errors.push(`story: ${error.message ?? String(error)}`)
      })
      channel.on("storyErrored", ({ title }: { title?: string }) => {
        log.errors.push(`story errored: ${title ?? ""}`)
      })
      channel.on("storyMissing", () => log.errors.push("story missing"))
      channel.on("unhandledErrorsWhilePlaying", (errors: { message?: string }[]) => {
        for (const error of errors) log.errors.push(`unhandled: ${error.message ?? ""}`)
      })
      channel.on(
        "storyFinished",
        ({ status, reporters }: { status: string; reporters: Report[] }) => {
          if (status !== "error") return
          const failed = reporters.filter((report) => report.status === "failed")
          log.errors.push(
            failed.length === 0
              ? "story finished with an error"
              : failed
                  .map(
                    (report) =>
                      `${report.type}: ${(report.result?.violations ?? []).map((v) => v.id).join(", ")}`,
                  )
                  .join("; "),
          )
        },
      )
    },
  })
}

/**
 * Done when the last render has finished and every play function that started has ended: a
 * re-render while a play function runs (an args or globals update) finishes before it does.
 */
async function waitForStory(page: Page) {
  await page.waitForFunction(
    () => {
      const { phases, errors } = (window as unknown as { __renderLog: RenderLog }).__renderLog
      if (phases.includes("aborted") || errors.includes("story missing")) return true
      const started = phases.filter((phase) => phase === "playing").length
      const ended = phases.filter((phase) => phase === "played" || phase === "errored").length
      return phases.at(-1) === "finished" && ended >= started
    },
    undefined,
    { timeout: 30_000 },
  )
  const log = await page.evaluate(
    () => (window as unknown as { __renderLog: RenderLog }).__renderLog,
  )
  expect(log.phases, "the render was aborted").not.toContain("aborted")
  expect(log.errors, "the story's play function and checks pass").toEqual([])
}

/** The story's viewport as the Vitest run picks it: the `viewport` global, then the parameter. */
async function declaredViewport(page: Page) {
  await page.waitForFunction(() => {
    const render = (
      window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { story?: unknown } } }
    ).__STORYBOOK_PREVIEW__?.currentRender
    return !!render?.story
  })
  return page.evaluate(() => {
    type Styles = { width?: string; height?: string }
    const render = (
      window as unknown as {
        __STORYBOOK_PREVIEW__: {
          currentRender: {
            storyContext(): {
              globals: { viewport?: { value?: string } }
              parameters: {
                viewport?: {
                  defaultViewport?: string
                  options?: Record<string, { styles?: Styles }>
                }
              }
            }
          }
        }
      }
    ).__STORYBOOK_PREVIEW__.currentRender
    const { globals, parameters } = render.storyContext()
    const name = globals.viewport?.value ?? parameters.viewport?.defaultViewport
    const styles = name ? parameters.viewport?.options?.[name]?.styles : undefined
    const px = (value?: string) => (value?.endsWith("px") ? Number.parseInt(value, 10) : null)
    const width = px(styles?.width)
    const height = px(styles?.height)
    return width && height ? { width, height } : null
  })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordRender)
})

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ page }) => {
    const url = `/iframe.html?id=${story.id}&viewMode=story`
    await page.goto(url)
    const viewport = await declaredViewport(page)
    const current = page.viewportSize()
    if (viewport && (viewport.width !== current?.width || viewport.height !== current?.height)) {
      // Render again at the declared size, so the play function runs against that layout.
      await page.setViewportSize(viewport)
      await page.goto(url)
    }
    await waitForStory(page)
    await page.evaluate(() => document.fonts.ready)
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true })
  })
}
