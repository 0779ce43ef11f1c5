import { expect, test, type Page } from "@playwright/test"
import { demo, logIn } from "./support.ts"

const avatar = (page: Page) => page.getByRole("button", { name: "Ver stories de @demo" })
const ring = (page: Page) => avatar(page).locator('[data-slot="avatar"]')
const position = (page: Page) => page.getByRole("dialog").getByRole("status")

/** A finger pulling the story down by `distance` pixels, through the browser's touch input. */
async function pullDown(page: Page, distance: number) {
  const box = (await page.getByRole("dialog", { name: "Stories de @demo" }).boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 3
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", dy = 0) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y: y + dy }],
    })
  await touch("touchStart")
  for (let step = 1; step <= 10; step++) await touch("touchMove", (distance * step) / 10)
  await touch("touchEnd")
  await cdp.detach()
}

test("the stories player: tap zones, keyboard, close, and the ring gone once all are seen", async ({
  page,
}) => {
  await logIn(page, "demo", demo.subscriber, demo.password)
  await expect(page).toHaveURL(/\/demo$/)
  await expect(ring(page)).toHaveClass(/bg-story-ring/)

  await test.step("tap zones go forward and back", async () => {
    const seen = page.waitForRequest(/\/v1\/stories\/seen\//)
    await avatar(page).click()
    await expect(page).toHaveURL(/\/demo\/stories$/)
    await expect(page.getByRole("dialog", { name: "Stories de @demo" })).toBeVisible()
    await expect(position(page)).toHaveText(/^Story 1 de 5/)
    await seen
    await page.getByRole("button", { name: "Próximo story" }).click()
    await expect(position(page)).toHaveText(/^Story 2 de 5/)
    await page.getByRole("button", { name: "Story anterior" }).click()
    await expect(position(page)).toHaveText(/^Story 1 de 5/)
  })

  await test.step("arrow keys move too; closing and reopening starts at the first unseen", async () => {
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")
    await expect(position(page)).toHaveText(/^Story 3 de 5/)
    await page.keyboard.press("ArrowLeft")
    await expect(position(page)).toHaveText(/^Story 2 de 5/)
    await page.getByRole("button", { name: "Fechar" }).click()
    await expect(page).toHaveURL(/\/demo$/)
    await expect(ring(page)).toHaveClass(/bg-story-ring/)

    await avatar(page).click()
    await expect(position(page)).toHaveText(/^Story 4 de 5/)
    // Paused, the 4-second video cannot move on by itself while the pulls below are made.
    await page.keyboard.press("Space")
    await expect(position(page)).toHaveText(/^Story 4 de 5.*pausado/)
  })

  await test.step("pulling the story down closes the player; a short pull does not", async () => {
    await pullDown(page, 40)
    await expect(position(page)).toHaveText(/^Story 4 de 5/)
    await pullDown(page, 200)
    await expect(page.getByRole("dialog")).toHaveCount(0)
    await expect(page).toHaveURL(/\/demo$/)
  })

  await test.step("going past the last story closes the player and clears the ring", async () => {
    await expect(ring(page)).toHaveClass(/bg-story-ring/)
    await avatar(page).click()
    await expect(position(page)).toHaveText(/^Story 5 de 5, processando/)
    await page.keyboard.press("ArrowRight")
    await expect(page.getByRole("dialog")).toHaveCount(0)
    await expect(page).toHaveURL(/\/demo$/)
    await expect(ring(page)).not.toHaveClass(/bg-story-ring/)
  })
})
