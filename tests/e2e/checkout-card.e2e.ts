import { expect, test, type Page } from "@playwright/test"
import { choosePasswordAndSeeContent, newEmail } from "./support.ts"

async function startCardCheckout(page: Page, email: string) {
  await page.goto("/demo/checkout")
  await page.getByRole("radio", { name: "Trimestral" }).check()
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
  await expect(page.getByRole("radio", { name: "Cartão de crédito" })).toBeEnabled()
  await page.getByRole("radio", { name: "Cartão de crédito" }).check()
}

async function fillCard(page: Page, card: { number: string; holder?: string }) {
  await page.getByRole("textbox", { name: "Nome do titular da conta" }).fill("Ana Compradora")
  await page.getByRole("textbox", { name: "CPF/CNPJ do titular da conta" }).fill("11144477735")
  await page.getByRole("textbox", { name: "Número do cartão" }).fill(card.number)
  await page
    .getByRole("textbox", { name: "Nome impresso no cartão" })
    .fill(card.holder ?? "ANA COMPRADORA")
  await page.getByRole("textbox", { name: "Validade (MM/AA)" }).fill("12/35")
  await page.getByRole("textbox", { name: "CVV" }).fill("123")
}

test("a new buyer pays by card, chooses a password and sees the photos and stories", async ({
  page,
}) => {
  await startCardCheckout(page, newEmail("cartao"))
  await fillCard(page, { number: "4111111111111111" })
  // The card payment is logged for the creator's numbers (spec §4) and the sink keeps it.
  const creditLogged = page.waitForResponse(
    (response) =>
      response.url().endsWith("/v1/events") &&
      response.request().postDataJSON()?.name === "payment_credit",
  )
  await page.getByRole("button", { name: "Assinar" }).click()
  const logged = await creditLogged
  expect(logged.ok()).toBe(true)
  expect(logged.request().postDataJSON()).toEqual({ name: "payment_credit", username: "demo" })

  await expect(
    page.getByRole("heading", { name: "Pagamento realizado com sucesso!" }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/demo\/checkout\/success\?code=/)
  await choosePasswordAndSeeContent(page)
})

test("a card refused by the bank or by the card provider shows why and charges nothing", async ({
  page,
}) => {
  await startCardCheckout(page, newEmail("recusado"))

  await test.step("the card provider refuses a holder name without a surname", async () => {
    await fillCard(page, { number: "4111111111111111", holder: "MADONNA" })
    await page.getByRole("button", { name: "Assinar" }).click()
    await expect(page.getByRole("alert")).toHaveText("Sobrenome do titular inválido")
    await expect(page).toHaveURL(/\/demo\/checkout$/)
  })

  await test.step("the bank declines the test card", async () => {
    await page.getByRole("alert").click()
    await page.getByRole("textbox", { name: "Nome impresso no cartão" }).fill("ANA COMPRADORA")
    await page.getByRole("textbox", { name: "Número do cartão" }).fill("4000000000000002")
    await page.getByRole("button", { name: "Assinar" }).click()
    await expect(page.getByRole("alert")).toContainText("negada")
    await expect(page).toHaveURL(/\/demo\/checkout$/)
  })
})
