import { expect, test, type Page } from "@playwright/test"
import {
  openProfileWithContent,
  followerWithSavedCard,
  logIn,
  newEmail,
  registerFollower,
} from "./support.ts"

/** The payment page of a creator on iugu, for a follower who is signed in (spec §2 Payment). */

// Logins of their own: the address's 20 logins in 15 minutes are shared by the whole suite.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.30" } })

async function signedInFollower(page: Page) {
  const email = newEmail("pagamento")
  await registerFollower(page.request, email, "segredo1")
  await logIn(page, "demo", email, "segredo1")
  // No subscription: login leads to the payment page, not to the checkout.
  await expect(page).toHaveURL(/\/demo\/payment$/)
  await page.getByRole("radio", { name: "Mensal" }).check()
  await expect(page.getByText("Resumo da compra")).toBeVisible()
  await expect(page.getByText("Ambiente 100% seguro")).toBeVisible()
}

test("a follower pays with the card she saved before", async ({ page }) => {
  const { email, password } = await followerWithSavedCard(page.request)
  await logIn(page, "demo", email, password)
  await page.goto("/demo/payment")
  await page.getByRole("radio", { name: "Mensal" }).check()
  const assinar = page.getByRole("button", { name: "Assinar" })
  // Saved cards are listed and none is chosen for her.
  await expect(assinar).toBeDisabled()
  await page.getByRole("radio", { name: "Visa XXXX-XXXX-XXXX-1111" }).check()
  await expect(page.getByRole("textbox", { name: "Número do cartão" })).toBeHidden()
  await assinar.click()

  await expect(page).toHaveURL(/\/demo\/payment\/status$/)
  await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible()
  await openProfileWithContent(page)
})

test("a follower adds a new card on the payment page and pays with it", async ({ page }) => {
  await signedInFollower(page)
  // Nobody has saved a card yet: the card form is there at once.
  await page.getByRole("textbox", { name: "Nome do titular da conta" }).fill("Ana Compradora")
  await page.getByRole("textbox", { name: "CPF/CNPJ do titular da conta" }).fill("11144477735")
  await page.getByRole("textbox", { name: "Número do cartão" }).fill("4111111111111111")
  await page.getByRole("textbox", { name: "Nome impresso no cartão" }).fill("ANA COMPRADORA")
  await page.getByRole("textbox", { name: "Validade (MM/AA)" }).fill("12/35")
  await page.getByRole("textbox", { name: "CVV" }).fill("123")
  await page.getByRole("button", { name: "Assinar" }).click()

  await expect(page).toHaveURL(/\/demo\/payment\/status$/)
  await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible()
  await openProfileWithContent(page)
})

test("a follower chooses boleto on the payment page and gets it", async ({ page }) => {
  await signedInFollower(page)
  await page.getByRole("radio", { name: "Boleto" }).check()
  await expect(page.getByRole("button", { name: "Assinar" })).toHaveCount(0)
  await page.getByRole("textbox", { name: "Nome completo" }).fill("Ana Maria Souza")
  await page.getByRole("textbox", { name: "CPF/CNPJ" }).pressSequentially("11144477735")
  await page.getByRole("textbox", { name: "CEP" }).pressSequentially("01310100")
  await page.getByRole("textbox", { name: "Rua" }).fill("Avenida Paulista")
  await page.getByRole("textbox", { name: "Número" }).fill("1578")
  await page.getByRole("textbox", { name: "Bairro" }).fill("Bela Vista")
  await page.getByRole("textbox", { name: "Cidade" }).fill("São Paulo")
  await page.getByRole("combobox", { name: "Estado" }).selectOption("SP")
  await page.getByRole("button", { name: "Gerar boleto" }).click()

  await expect(page).toHaveURL(/\/demo\/payment\/status$/)
  await expect(page.getByRole("heading", { name: "Boleto gerado" })).toBeVisible()
  await expect(page.getByText("R$ 31,89")).toBeVisible()
  await expect(page.getByRole("link", { name: "Ver boleto" })).toHaveAttribute(
    "href",
    /\/v1\/sandbox\/boleto\//,
  )
})
