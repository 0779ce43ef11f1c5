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

  await test.step("a liked photo stays liked after a reload", async () => {
    const photo = () => page.getByRole("article").filter({ hasText: "Manhã de praia" })
    await page.getByRole("button", { name: /Manhã de praia/ }).click()
    await expect(page.getByRole("dialog", { name: "Fotos" })).toBeVisible()
    const like = photo().getByRole("button", { name: "Curtir" })
    await expect(like).toHaveAttribute("aria-pressed", "false")
    const sent = page.waitForResponse(/\/v1\/medias\/.+\/like$/)
    await like.click()
    await expect(like).toHaveAttribute("aria-pressed", "true")
    expect((await sent).ok()).toBe(true)
    await page.reload()
    await page.getByRole("button", { name: /Manhã de praia/ }).click()
    await expect(photo().getByRole("button", { name: "Curtir" })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    await page
      .getByRole("dialog", { name: "Fotos" })
      .getByRole("button", { name: "Fechar" })
      .click()
  })

  await test.step("a highlight plays its stories", async () => {
    await page
      .getByRole("region", { name: "Destaques" })
      .getByRole("button", { name: "Viagens" })
      .click()
    const player = page.getByRole("dialog", { name: "Stories de @demo" })
    await expect(player.getByRole("status")).toHaveText(/^Story 1 de 2/)
    await player.getByRole("button", { name: "Fechar" }).click()
    await expect(player).toHaveCount(0)
  })
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
  await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
})
