import { expect, test } from "@playwright/test"
import { newEmail, registerOnCreatorPage } from "./support.ts"

/** A new follower of the Mercado Pago creator registers and reaches the payment page. */
test("a card on Mercado Pago's page: the sandbox pays it on the status page and the content opens", async ({
  page,
}) => {
  await registerOnCreatorPage(page, "/demo.mp", newEmail("mp-cartao"))
  await page.getByRole("radio", { name: "Mensal" }).check()
  await page.getByRole("radio", { name: "Cartão de crédito" }).check()
  await page.getByRole("button", { name: "Continuar" }).click()

  // In the sandbox Mercado Pago's page is the status page itself.
  await expect(page).toHaveURL(/\/demo\.mp\/payment\/status\?sandbox_checkout=/)
  await expect(page.getByRole("heading", { name: "Ambiente de teste" })).toBeVisible()
  await page.getByRole("button", { name: "Simular pagamento" }).click()
  await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole("heading", { name: "Ambiente de teste" })).toHaveCount(0)
  await page.getByRole("link", { name: "Ir para o perfil" }).click()
  await expect(page).toHaveURL(/\/demo\.mp$/)
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
})

test("a payment link refused in the sandbox leaves the follower without access, free to choose again", async ({
  page,
}) => {
  await registerOnCreatorPage(page, "/demo.mp", newEmail("mp-link"))
  await page.getByRole("radio", { name: "Trimestral" }).check()
  await page.getByRole("radio", { name: "Link de pagamento" }).check()
  await page.getByRole("button", { name: "Continuar" }).click()

  await expect(page).toHaveURL(/\/demo\.mp\/payment\/status\?sandbox_checkout=/)
  await page.getByRole("button", { name: "Simular recusa" }).click()
  await expect(
    page.getByRole("heading", { name: /^Pagamento (não autorizado|rejeitado)$/ }),
  ).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole("heading", { name: "Ambiente de teste" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Escolher outro plano" })).toBeVisible()
  await page.goto("/demo.mp")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
})
