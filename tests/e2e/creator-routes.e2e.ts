import { expect, test } from "@playwright/test"

test("a leading @ is stripped, the title names the creator and unknown pages lead to the profile", async ({
  page,
}) => {
  await page.goto("/@demo")
  await expect(page).toHaveURL(/\/demo$/)
  await expect(page).toHaveTitle("@demo")
  await expect(page.getByRole("heading", { level: 1, name: "Duda Demo" })).toBeVisible()

  await page.goto("/demo/nao-existe")
  await expect(page).toHaveURL(/\/demo\/?$/)
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
})

test("a creator that does not exist blocks the page", async ({ page }) => {
  await page.goto("/ninguem.aqui/checkout")
  await expect(
    page.getByRole("heading", { name: "Não foi possível abrir este perfil" }),
  ).toBeVisible()
  await expect(page.getByText("Perfil não encontrado")).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
})
