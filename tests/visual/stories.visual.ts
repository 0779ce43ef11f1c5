import { readFileSync } from "node:fs"
import { test as base, expect, type Page } from "@playwright/test"
import { STORYBOOK_DIR, storyContextOptions } from "./story-context.ts"

/**
 * One screenshot per story of the built Storybook, compared with the committed baseline.
 * The page is sized like the story's declared viewport (the `viewport` global, as the Vitest
 * run sizes it), the picture is taken once the play function and the checks after it have
 * finished, and a story whose play function or checks failed fails here instead of leaving
 * a picture of a broken state. Refresh baselines with `npm run test:visual -- --update-snapshots`.
 *
 * Each worker loads Storybook once and shows one story after another in that page, as
 * Storybook's own manager does (the previous story is unmounted first): loading and compiling
 * Storybook took most of each screenshot's time. The accessibility checks run in the story
 * tests (`npm run test:stories`), not again here.
 */
type IndexEntry = { id: string; type: string; title: string; name: string; tags?: string[] }

const index = JSON.parse(readFileSync(`${STORYBOOK_DIR}/index.json`, "utf8")) as {
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
async function renderEnded(page: Page) {
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
}

/** Waits for the story as `renderEnded` does, then fails on an aborted render or a failed check. */
async function waitForStory(page: Page) {
  await renderEnded(page)
  const log = await page.evaluate(
    () => (window as unknown as { __renderLog: RenderLog }).__renderLog,
  )
  expect(log.phases, "the render was aborted").not.toContain("aborted")
  expect(log.errors, "the story's play function and checks pass").toEqual([])
}

/** The story's viewport as the Vitest run picks it: the `viewport` global, then the parameter. */
async function declaredViewport(page: Page, storyId: string) {
  await page.waitForFunction((storyId) => {
    const render = (
      window as unknown as {
        __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; story?: unknown } }
      }
    ).__STORYBOOK_PREVIEW__?.currentRender
    return render?.id === storyId && !!render.story
  }, storyId)
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

const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext(storyContextOptions)
      const page = await context.newPage()
      await page.addInitScript(recordRender)
      await use(page)
      await context.close()
    },
    { scope: "worker" },
  ],
})

/**
 * Shows a story: the first in Storybook's page, the next ones through its channel, as its
 * manager switches stories. The render log starts afresh and nothing of the previous story's
 * focus or scroll stays.
 */
async function showStory(page: Page, storyId: string, event = "setCurrentStory") {
  if (!page.url().includes("/iframe.html")) {
    await page.goto(`/iframe.html?id=${storyId}&viewMode=story&globals=a11y.manual:!true`)
    return
  }
  await page.evaluate(
    ({ storyId, event }) => {
      const log = (window as unknown as { __renderLog: RenderLog }).__renderLog
      log.phases = []
      log.errors = []
      ;(document.activeElement as HTMLElement | null)?.blur?.()
      window.scrollTo(0, 0)
      const channel = (
        window as unknown as {
          __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void }
        }
      ).__STORYBOOK_ADDONS_CHANNEL__
      channel.emit(event, { storyId, viewMode: "story" })
    },
    { storyId, event },
  )
}

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ storyPage: page }) => {
    await showStory(page, story.id)
    const viewport = await declaredViewport(page, story.id)
    const current = page.viewportSize()
    const wanted = viewport ?? storyContextOptions.viewport!
    if (wanted.width !== current?.width || wanted.height !== current?.height) {
      // Render again at the declared size, so the play function runs against that layout.
      await page.setViewportSize(wanted)
      await renderEnded(page)
      await showStory(page, story.id, "forceRemount")
    }
    await waitForStory(page)
    await page.evaluate(() => document.fonts.ready)
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true })
  })
}
