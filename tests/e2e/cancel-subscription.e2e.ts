import { expect, test } from "@playwright/test"
import { logIn, newSubscriber } from "./support.ts"

test("a subscriber cancels in settings and keeps access until the end of the paid period", async ({
  page,
  request,
}) => {
  // Cancelling is for good: a subscriber of its own, so the journey can run again.
  const { email, password } = await newSubscriber(request)
  await logIn(page, "demo", email, password)
  await expect(page).toHaveURL(/\/demo$/)
  await page.getByRole("link", { name: "Mais opções" }).click()

  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await page.getByRole("link", { name: "Cancelar assinatura" }).click()

  await expect(page.getByRole("heading", { name: "Cancelar Assinatura" })).toBeVisible()
  const until = (await page.getByText(/Você continua com acesso até/).innerText()).match(
    /\d{2}\/\d{2}\/\d{4}/,
  )![0]
  await page.getByRole("button", { name: "Cancelar assinatura" }).click()
  const confirm = page.getByRole("alertdialog", {
    name: "Tem certeza que deseja cancelar sua assinatura?",
  })
  await confirm.getByRole("button", { name: "Sim, cancelar" }).click()

  await expect(page.getByRole("alert")).toContainText("Assinatura cancelada com sucesso")
  await expect(page).toHaveURL(/\/demo\/setting$/)
  await expect(page.getByText("cancelada", { exact: true })).toBeVisible()
  await expect(page.getByText(`Você continua com acesso até ${until}`)).toBeVisible()
  await expect(page.getByRole("definition").filter({ hasText: until })).toBeVisible()
  await expect(page.getByRole("link", { name: "Cancelar assinatura" })).toHaveCount(0)

  await page.goto("/demo")
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
})
