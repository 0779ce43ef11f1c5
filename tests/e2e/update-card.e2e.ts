import { expect, test, type Page } from "@playwright/test"
import { logIn, newEmail, openProfileWithContent, registerFollower } from "./support.ts"

// Logins of their own: the address's 20 logins in 15 minutes are shared by the whole suite.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.31" } })

async function fillCard(page: Page, number: string) {
  await page.getByRole("textbox", { name: "Nome do titular da conta" }).fill("Ana Compradora")
  await page.getByRole("textbox", { name: "CPF/CNPJ do titular da conta" }).fill("11144477735")
  await page.getByRole("textbox", { name: "Número do cartão" }).fill(number)
  await page.getByRole("textbox", { name: "Nome impresso no cartão" }).fill("ANA COMPRADORA")
  await page.getByRole("textbox", { name: "Validade (MM/AA)" }).fill("12/35")
  await page.getByRole("textbox", { name: "CVV" }).fill("123")
}

test("a follower whose card the bank refused pays with a new one in 'Atualizar cartão'", async ({
  page,
}) => {
  const email = newEmail("atualizar-cartao")
  await registerFollower(page.request, email, "segredo1")
  await logIn(page, "demo", email, "segredo1")
  await expect(page).toHaveURL(/\/demo\/payment$/)

  await test.step("the bank refuses the first card", async () => {
    await page.getByRole("radio", { name: "Mensal" }).check()
    await fillCard(page, "4000000000000002")
    await page.getByRole("button", { name: "Assinar" }).click()
    await expect(page.getByRole("alert")).toContainText("negada")
    await page.getByRole("alert").click()
  })

  await test.step("'Minha conta' offers 'Atualizar cartão' for the refused card", async () => {
    await page.goto("/demo/setting")
    const menu = page.getByRole("navigation", { name: "Opções da conta" })
    await menu.getByRole("link", { name: "Atualizar cartão" }).click()
    await expect(page).toHaveURL(/\/demo\/setting\/card$/)
    await expect(page.getByRole("heading", { level: 1, name: "Atualizar cartão" })).toBeVisible()
  })

  await test.step("the refused payment leads to 'Atualizar cartão'", async () => {
    await page.goto("/demo/payment/status")
    await expect(page.getByRole("heading", { name: "Pagamento não autorizado" })).toBeVisible()
    await page.getByRole("link", { name: "Atualizar cartão" }).click()
    await expect(page).toHaveURL(/\/demo\/setting\/card$/)
    await expect(page.getByRole("heading", { level: 1, name: "Atualizar cartão" })).toBeVisible()
  })

  await test.step("the same refused card again: the bank's answer, and nothing paid", async () => {
    await fillCard(page, "4000000000000002")
    await page.getByRole("button", { name: /^Pagar R\$\s31,89$/ }).click()
    await expect(page.getByRole("alert")).toContainText("negada")
    await page.getByRole("alert").click()
  })

  await test.step("a good card pays, and the content opens", async () => {
    await page.getByRole("textbox", { name: "Número do cartão" }).fill("4111111111111111")
    await page.getByRole("button", { name: /^Pagar R\$\s31,89$/ }).click()
    await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible()
    await openProfileWithContent(page)
  })
})
