import { expect, test, type Page } from "@playwright/test"
import { newEmail, registerOnCreatorPage } from "./support.ts"

async function fillAndGenerate(page: Page) {
  await page.getByRole("textbox", { name: "Nome completo" }).fill("Ana Maria Souza")
  await page.getByRole("textbox", { name: "CPF/CNPJ" }).pressSequentially("11144477735")
  await page.getByRole("textbox", { name: "CEP" }).pressSequentially("01310100")
  await page.getByRole("textbox", { name: "Rua" }).fill("Avenida Paulista")
  await page.getByRole("textbox", { name: "Número" }).fill("1578")
  await page.getByRole("textbox", { name: "Bairro" }).fill("Bela Vista")
  await page.getByRole("textbox", { name: "Cidade" }).fill("São Paulo")
  await page.getByRole("combobox", { name: "Estado" }).selectOption("SP")
  await page.getByRole("button", { name: "Gerar boleto" }).click()
}

test("a new follower generates a boleto on the payment page; the sandbox pays it at the bank, where it waits for compensation", async ({
  page,
}) => {
  const email = newEmail("boleto")
  await registerOnCreatorPage(page, "/demo.mp", email)

  await page.getByRole("radio", { name: "Mensal" }).check()
  await page.getByRole("radio", { name: "Boleto" }).check()
  await expect(page.getByRole("button", { name: "Continuar" })).toHaveCount(0)

  // A submit with nothing typed names what is missing, and nothing is issued.
  await page.getByRole("button", { name: "Gerar boleto" }).click()
  await expect(page.getByRole("textbox", { name: "CPF/CNPJ" })).toHaveAccessibleDescription(
    "Obrigatório",
  )
  await expect(page).toHaveURL(/\/demo\.mp\/payment$/)

  // No subscription yet: the creator's route starts one.
  const first = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/v1/demo.mp/subscription/boleto"),
  )
  await fillAndGenerate(page)
  await first
  await expect(page).toHaveURL(/\/demo\.mp\/payment\/status$/)
  await expect(page.getByRole("heading", { name: "Boleto gerado" })).toBeVisible()
  const boleto = page.getByRole("link", { name: "Ver boleto" })
  const opened = page.waitForEvent("popup")
  await boleto.click()
  const slip = await opened
  await expect(slip).toHaveURL(/\/v1\/sandbox\/boleto\//)
  await expect(slip.getByText("Boleto de teste")).toBeVisible()
  await slip.close()

  // Another boleto (other plan) pays the subscription the first one started.
  await page.getByRole("link", { name: "Trocar forma de pagamento" }).click()
  await expect(page).toHaveURL(/\/demo\.mp\/payment$/)
  await page.getByRole("radio", { name: "Trimestral" }).check()
  await page.getByRole("radio", { name: "Boleto" }).check()
  const again = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes("/v1/payment/subscription/boleto/"),
  )
  await fillAndGenerate(page)
  await again
  await expect(page).toHaveURL(/\/demo\.mp\/payment\/status$/)
  await expect(page.getByText("R$ 81,89")).toBeVisible()

  // Paid at the bank: like a real boleto it is approved only when the bank compensates it,
  // 1 to 3 business days later, so the page keeps waiting and a second payment is refused.
  await expect(page.getByRole("heading", { name: "Ambiente de teste" })).toBeVisible()
  await page.getByRole("button", { name: "Simular pagamento" }).click()
  await expect(page.getByRole("button", { name: "Simular pagamento" })).toBeEnabled()
  await expect(boleto).toBeVisible()
  await page.getByRole("button", { name: "Simular pagamento" }).click()
  await expect(page.getByRole("alert")).toContainText(
    "Este boleto já foi pago. A confirmação leva de 1 a 3 dias úteis.",
  )

  await page.goto("/demo.mp")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
})
