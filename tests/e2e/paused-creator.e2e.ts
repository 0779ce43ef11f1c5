import { expect, test } from "@playwright/test"

test("a creator whose sales are paused shows it to visitors instead of the profile", async ({
  page,
}) => {
  await page.goto("/demo.pausado")
  await expect(page).toHaveURL(/\/demo\.pausado\/payment\/off$/)
  await expect(page.getByRole("heading", { name: "As vendas estão pausadas" })).toBeVisible()
  await expect(page).toHaveTitle("@demo.pausado")
  await expect(page.getByRole("heading", { level: 1, name: "Pietra Pausada" })).toBeVisible()

  await page.getByRole("link", { name: "Minha conta" }).click()
  await expect(page).toHaveURL(/\/demo\.pausado\/setting$/)
  await expect(page.getByText("Efetue o cadasto ou o login da sua conta")).toBeVisible()
})
