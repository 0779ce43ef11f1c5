import { expect, test } from "@playwright/test"
import { logIn, newEmail, recoveryCodeFor } from "./support.ts"

test("a follower who registered forgets the password and recovers it with the e-mailed code", async ({
  page,
}) => {
  const email = newEmail("recupera")

  await test.step("registers from a creator's page", async () => {
    await page.goto("/demo.mp")
    await page.getByRole("button", { name: "Assinar Close Friends" }).click()
    await expect(page).toHaveURL(/\/demo\.mp\/auth\/email$/)
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await page.getByRole("button", { name: "Continuar" }).click()
    // The password step follows every e-mail: the server never says which have an account.
    await expect(page).toHaveURL(/\/auth\/password$/)
    await page.getByRole("link", { name: "Criar conta" }).click()
    await expect(page).toHaveURL(/\/auth\/register\/password$/)
    await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
    await page.getByLabel("Escolher senha", { exact: true }).fill("primeira1")
    await page.getByLabel("Confirmar senha", { exact: true }).fill("primeira1")
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page.getByRole("heading", { name: "Conta criada com sucesso!" })).toBeVisible()
  })

  await test.step("logs out from Minha conta", async () => {
    await page.goto("/demo.mp/setting")
    await expect(page.getByText(email)).toBeVisible()
    await page.getByRole("button", { name: "Sair da conta" }).click()
    await expect(page).toHaveURL(/\/demo\.mp\/auth\/email$/)
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull()
  })

  await test.step("asks for a code and types the one from the e-mail", async () => {
    await page.getByRole("link", { name: "Esqueci a senha" }).click()
    await expect(
      page.getByRole("heading", { name: "Enviaremos um e-mail com o código de verificação" }),
    ).toBeVisible()
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await page.getByRole("button", { name: "Enviar código" }).click()
    await expect(
      page.getByRole("heading", { name: "Insira o código recebido por e-mail" }),
    ).toBeVisible()
    await page.getByRole("textbox", { name: "Código" }).fill(await recoveryCodeFor(email))
    await page.getByRole("button", { name: "Continuar" }).click()
  })

  await test.step("chooses a new password and logs in with it", async () => {
    await expect(page.getByRole("heading", { name: "Escolha uma nova senha" })).toBeVisible()
    await page.getByLabel("Nova senha", { exact: true }).fill("segunda2")
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill("segunda2")
    await page.getByRole("button", { name: "Salvar nova senha" }).click()
    // Hashing the new password is deliberately slow.
    await expect(page.getByRole("alert")).toContainText("Senha atualizada com sucesso", {
      timeout: 20_000,
    })
    await expect(page).toHaveURL(/\/demo\.mp\/auth\/password$/)

    await logIn(page, "demo.mp", email, "primeira1", { succeeds: false })
    // Refusing a password costs the same slow hash as accepting one: give it the same time.
    await expect(page.getByRole("alert").last()).toContainText("Senha incorreta", {
      timeout: 20_000,
    })
    await logIn(page, "demo.mp", email, "segunda2")
    // No subscription yet: the payment step (spec §4).
    await expect(page).toHaveURL(/\/demo\.mp\/payment$/)
  })
})
