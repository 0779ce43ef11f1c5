import { expect, test } from "@playwright/test"
import { newEmail } from "./support.ts"

test("a visitor subscribes with Pix as a new buyer, pays, chooses a password and sees the content", async ({
  page,
}) => {
  const email = newEmail("pix")

  await test.step("the profile shows bio, highlights and the subscribe box, not the photos", async () => {
    await page.goto("/demo")
    await expect(page.getByText("Bastidores, viagens e o dia a dia")).toBeVisible()
    const highlights = page.getByRole("region", { name: "Destaques" })
    for (const title of ["Viagens", "Rotina", "Favoritos"])
      await expect(highlights.getByText(title)).toBeVisible()
    await expect(page.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toHaveCount(0)
    await page.getByRole("button", { name: "Assinar Close Friends" }).click()
  })

  await test.step("checkout: plan, new e-mail, Pix", async () => {
    await expect(page).toHaveURL(/\/demo\/checkout$/)
    await page.getByRole("radio", { name: "Mensal" }).check()
    await page.getByRole("textbox", { name: "E-mail" }).fill(email)
    await expect(page.getByRole("radio", { name: "Pix" })).toBeEnabled()
    await page.getByRole("radio", { name: "Pix" }).check()
    await page.getByRole("button", { name: "Assinar" }).click()
  })

  await test.step("the Pix page waits for the payment", async () => {
    await expect(page).toHaveURL(/\/demo\/checkout\/qrcodeurl\?code=/)
    // The how-to-pay steps open first, over the page.
    await page.getByRole("button", { name: "Entendi" }).click()
    await expect(page.getByRole("heading", { name: "Falta pouco!" })).toBeVisible()
    await expect(page.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(
      /^000201/,
    )
    await page.getByRole("button", { name: "Simular pagamento" }).click()
    await expect(
      page.getByRole("heading", { name: "Pagamento realizado com sucesso!" }),
    ).toBeVisible({ timeout: 15_000 })
  })

  await test.step("chooses a password and lands on the unlocked profile", async () => {
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page).toHaveURL(/\/choose-password\?code=.+&redirectTo=%2Fdemo/)
    await expect(page.getByRole("heading", { name: "Escolha uma senha" })).toBeVisible()
    await page.getByLabel("Nova senha", { exact: true }).fill("minhasenha1")
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill("minhasenha1")
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page).toHaveURL(/\/demo$/)
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
    await expect(page.getByRole("button", { name: "Ver stories de @demo" })).toBeVisible()
    await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
  })
})
