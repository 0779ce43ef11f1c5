import { readFile } from "node:fs/promises"
import { expect, test } from "@playwright/test"
import { logIn, newEmail, registerFollower } from "./support.ts"

test("a follower exports their data, closes the account with their password and cannot sign in again", async ({
  page,
  request,
}) => {
  // A follower of their own: closing is for good, and the seeded ones serve other journeys.
  const email = newEmail("encerra")
  const password = "minha-senha-1"
  await registerFollower(request, email, password)

  await logIn(page, "demo", email, password)
  await page.goto("/demo/setting")
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible()
  const section = page.getByRole("region", { name: "Seus dados" })

  await test.step("exports a JSON file holding their e-mail", async () => {
    const download = page.waitForEvent("download")
    await section.getByRole("button", { name: "Exportar meus dados" }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe("meus-dados-closer.json")
    const data = JSON.parse(await readFile(await file.path(), "utf8")) as {
      account: { email: string; role: string }
    }
    expect(data.account).toMatchObject({ email, role: "follower" })
    await expect(
      section.getByText("Pronto: o arquivo meus-dados-closer.json foi baixado."),
    ).toBeVisible()
  })

  await test.step("a wrong password keeps the account open", async () => {
    await section.getByRole("button", { name: "Encerrar conta" }).click()
    const dialog = page.getByRole("dialog", { name: "Encerrar conta" })
    await expect(dialog).toContainText("o acesso ao conteúdo termina agora")
    await dialog.getByLabel("Senha", { exact: true }).fill("senha-errada")
    await dialog.getByRole("button", { name: "Encerrar minha conta" }).click()
    await expect(dialog.getByText("Senha incorreta")).toBeVisible({ timeout: 20_000 })
  })

  await test.step("the right password closes it and leads to the creator's page", async () => {
    const dialog = page.getByRole("dialog", { name: "Encerrar conta" })
    await dialog.getByLabel("Senha", { exact: true }).fill(password)
    await dialog.getByRole("button", { name: "Encerrar minha conta" }).click()
    await expect(page.getByRole("alert")).toContainText(
      "Sua conta foi encerrada. Seus dados pessoais serão apagados em 6 meses.",
      { timeout: 20_000 },
    )
    await expect(page).toHaveURL(/\/demo$/)
    await expect(page.getByRole("link", { name: "Mais opções" })).toHaveCount(0)
  })

  await test.step("signing in again is refused with the server's message", async () => {
    await logIn(page, "demo", email, password, { succeeds: false })
    await expect(page.getByRole("alert")).toContainText("Esta conta foi encerrada.", {
      timeout: 20_000,
    })
    await expect(page).toHaveURL(/\/demo\/auth\/password$/)
  })
})
