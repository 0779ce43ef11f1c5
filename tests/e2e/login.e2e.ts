import { expect, test } from "@playwright/test"
import { demo } from "./support.ts"

test("an existing subscriber logs in from the checkout and lands on the unlocked profile", async ({
  page,
}) => {
  await page.goto("/demo/checkout")
  await page.getByRole("link", { name: "Já sou assinante" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/email$/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(demo.subscriber)
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/password$/)
  await expect(page.getByText(demo.subscriber)).toBeVisible()
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()

  // Active subscription: the profile (spec §4), with photos and no subscribe box.
  await expect(page).toHaveURL(/\/demo$/)
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Mais opções" })).toBeVisible()
})

test("a follower without a subscription logs in and is taken to pay", async ({ page }) => {
  await page.goto("/demo/checkout")
  await page.getByRole("link", { name: "Já sou assinante" }).click()
  await page.getByRole("textbox", { name: "E-mail" }).fill(demo.visitor)
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()

  // No subscription: payment, which for this creator is the checkout, already identified.
  await expect(page).toHaveURL(/\/demo\/checkout$/)
  await page.getByRole("radio", { name: "Mensal" }).check()
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveCount(0)
  await expect(page.getByRole("radio", { name: "Pix" })).toBeEnabled()
})
