import { expect, test } from "@playwright/test"

const scrollY = (page: import("@playwright/test").Page) => page.evaluate(() => window.scrollY)

test("a tap on 'Termos' opens the terms at the top with focus on their heading, and back returns to the same place", async ({
  page,
}) => {
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500)
  const bottom = await scrollY(page)

  await page
    .getByRole("navigation", { name: "Documentos" })
    .getByRole("link", { name: "Termos de uso" })
    .tap()
  await expect(page).toHaveURL(/\/doc\/terms$/)
  const heading = page.getByRole("heading", { level: 1, name: "Termos de uso" })
  await expect(heading).toBeFocused()
  expect(await scrollY(page)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => scrollY(page)).toBe(bottom)
})

test("an address the app does not know answers 404 with a way back to the start", async ({
  page,
}) => {
  const answer = await page.goto("/assets/nao-existe-Ab1.js")
  expect(answer?.status()).toBe(404)
  await expect(page).toHaveTitle("Página não encontrada")
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible()

  const back = page.getByRole("link", { name: "Voltar para o início" })
  await back.focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/$/)
  await expect(page).toHaveTitle("Closer - Plataforma de Close Friends")
})
