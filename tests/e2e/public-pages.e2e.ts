import { expect, test } from "@playwright/test"

test("the landing page leads a creator to the interest form, which sends the lead", async ({
  page,
}) => {
  await page.goto("/")
  await expect(page).toHaveTitle("Closer - Plataforma de Close Friends")
  await page
    .getByRole("link", { name: /quero criar o meu/i })
    .first()
    .click()

  await expect(page).toHaveURL(/\/tenho-interesse$/)
  await expect(page).toHaveTitle("Tenho Interesse")
  const send = page.getByRole("button", { name: "Enviar" })
  await expect(send).toBeDisabled()

  await page.getByLabel("Instagram").fill("nova.criadora")
  await page.getByLabel("E-mail", { exact: true }).fill("nova.criadora@exemplo.com.br")
  await page.getByLabel("Confirmar e-mail").fill("nova.criadora@exemplo.com.br")
  await page.getByLabel("WhatsApp").fill("11987654321")
  await send.click()

  await expect(page.getByRole("alert")).toContainText(
    "Recebemos as suas informações. Em breve entraremos em contato",
  )
  await expect(page.getByLabel("Instagram")).toHaveValue("")
})

test("the legal pages open from their addresses", async ({ page }) => {
  await page.goto("/doc/terms")
  await expect(page.getByRole("heading", { level: 1, name: "Termos de uso" })).toBeVisible()
  await page.goto("/doc/privacy")
  await expect(
    page.getByRole("heading", { level: 1, name: "Política de Privacidade" }),
  ).toBeVisible()
})
