import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { demo, logIn, studioLogin } from "./support.ts"

/**
 * A story video goes up on a slow connection: the creator watches the bar climb to 100 % and a
 * subscriber then finds the story; an upload cancelled halfway leaves nothing behind.
 */

/** A real H.264 video of several megabytes (noise does not compress), made by ffmpeg. */
function makeVideo(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "closer-e2e-video-"))
  try {
    const file = path.join(dir, "bastidores.mp4")
    execFileSync("/usr/bin/ffmpeg", [
      ...["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30"],
      ...["-t", "2", "-vf", "noise=alls=60:allf=t+u", "-c:v", "libx264", "-preset", "ultrafast"],
      ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", file],
    ])
    return readFileSync(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const video = makeVideo()

// The API allows 20 logins per address every 15 minutes, and the journeys before these spend
// most of them: the creator and her subscriber here sign in from an address of their own.
const ownAddress = { "X-Forwarded-For": "198.51.100.22" }
test.use({ extraHTTPHeaders: ownAddress })

/** The e2e server's stored media (scripts/e2e-server.mjs: DATA_DIR=.e2e-data). */
const mediaDir = path.resolve(".e2e-data", "media")
const storedFiles = () =>
  readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length

/** About a megabyte a second up, so the video takes seconds and its progress can be seen. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  })
}

/** Every value the progress bar shows, in order, recorded by the page itself. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const values: number[] = []
    Object.assign(window, { uploadProgress: values })
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]')
      const value = Number(bar?.getAttribute("aria-valuenow"))
      if (bar && values.at(-1) !== value) values.push(value)
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    })
  })
  return () =>
    page.evaluate(() => (window as unknown as { uploadProgress: number[] }).uploadProgress)
}

/** Waits for the list itself, not only its heading: counting skeletons would count nothing. */
async function storiesListed(page: Page) {
  const region = page.getByRole("region", { name: "Stories" })
  await expect(region).toBeVisible()
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0)
  return region.getByRole("listitem")
}

async function openStudioStories(page: Page) {
  await studioLogin(page, "studio", demo.creator)
  await page.getByRole("link", { name: "Conteúdo" }).click()
  return storiesListed(page)
}

const pickVideo = (page: Page) =>
  page.getByLabel("Enviar story", { exact: true }).setInputFiles({
    name: "bastidores.mp4",
    mimeType: "video/mp4",
    buffer: video,
  })

/** How many stories the subscriber's player holds ("Story 1 de 5" -> 5). */
async function storiesInPlayer(page: Page) {
  await page.goto("/demo")
  await page.getByRole("button", { name: "Ver stories de @demo" }).click()
  const position = page.getByRole("dialog", { name: "Stories de @demo" }).getByRole("status")
  await expect(position).toHaveText(/Story \d+ de \d+/)
  const total = Number((await position.textContent())!.match(/de (\d+)/)![1])
  await page.getByRole("button", { name: "Fechar" }).click()
  return total
}

test("a cancelled story upload leaves nothing behind", async ({ page }) => {
  test.setTimeout(120_000)
  const stories = await openStudioStories(page)
  const listed = await stories.count()
  const files = storedFiles()
  await slowUploads(page)

  await test.step("the creator stops the video halfway", async () => {
    await pickVideo(page)
    const bar = page.getByRole("progressbar", { name: /^Enviando \d+%$/ })
    await expect(bar).toBeVisible()
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 })
      .toBeGreaterThan(10)
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100)
    await page.getByRole("button", { name: "Cancelar" }).click()
    await expect(page.getByRole("status").filter({ hasText: "Envio cancelado" })).toBeVisible()
    await expect(bar).toHaveCount(0)
  })

  await test.step("no story appears, now or after a reload, and nothing was stored", async () => {
    await expect(page.getByRole("alert").filter({ hasText: "Story publicado" })).toHaveCount(0)
    await expect(stories).toHaveCount(listed)
    await page.reload()
    await expect(await storiesListed(page)).toHaveCount(listed)
    expect(storedFiles()).toBe(files)
  })
})

test("the creator watches a story video upload reach 100 % and a subscriber sees it", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const creator = await browser.newPage({ extraHTTPHeaders: ownAddress })
  const fan = await browser.newPage({ extraHTTPHeaders: ownAddress })
  await logIn(fan, "demo", demo.subscriber, demo.password)
  const before = await storiesInPlayer(fan)
  const stories = await openStudioStories(creator)
  const listed = await stories.count()

  await test.step("the bar climbs to 100 % and the story is published", async () => {
    await slowUploads(creator)
    const progress = await recordProgress(creator)
    await pickVideo(creator)
    await expect(creator.getByRole("progressbar", { name: /^Enviando \d+%$/ })).toBeVisible()
    await expect(creator.getByText("bastidores.mp4")).toBeVisible()
    await expect(creator.getByRole("status").filter({ hasText: "Envio concluído" })).toBeVisible({
      timeout: 60_000,
    })
    await expect(creator.getByRole("alert").filter({ hasText: "Story publicado" })).toBeVisible()
    const seen = await progress()
    // Real steps along the way, never going back, ending with every byte sent.
    expect(
      seen.some((value) => value > 0 && value < 100),
      String(seen),
    ).toBe(true)
    expect(seen, String(seen)).toEqual([...seen].sort((a, b) => a - b))
    expect(seen.at(-1)).toBe(100)
    await expect(stories).toHaveCount(listed + 1)
    await expect(stories.first()).toContainText("Vídeo · agora")
  })

  await test.step("the subscriber finds one story more", async () => {
    expect(await storiesInPlayer(fan)).toBe(before + 1)
  })

  await test.step("the creator deletes it again, leaving the demo as it was", async () => {
    await creator
      .getByRole("button", { name: /^Apagar story de / })
      .first()
      .click()
    await creator.getByRole("alertdialog").getByRole("button", { name: "Apagar" }).click()
    await expect(creator.getByRole("alert").filter({ hasText: "Story apagado" })).toBeVisible()
    await expect(stories).toHaveCount(listed)
  })
})
