import { expect, test } from "@playwright/test"
import { demo, recoveryCodeFor, studioLogin } from "./support.ts"

// Its own address, so the recovery limit per address counts this journey alone.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.90" } })

test("the operator reads in the sandbox outbox the code a follower asked for", async ({ page }) => {
  await test.step("a follower asks for a recovery code", async () => {
    await page.goto("/demo/auth/recovery/email")
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(demo.visitor)
    await page.getByRole("button", { name: "Enviar código" }).click()
    await expect(
      page.getByRole("heading", { name: "Insira o código recebido por e-mail" }),
    ).toBeVisible()
  })
  const code = await recoveryCodeFor(demo.visitor)

  await test.step("the operator opens the outbox and sees the mail", async () => {
    await studioLogin(page, "admin", "admin@demo.com.br")
    await page
      .getByRole("navigation", { name: "Operação" })
      .getByRole("link", { name: "Caixa de saída (sandbox)" })
      .click()
    await expect(page).toHaveURL(/\/admin\/caixa-de-saida$/)
    const mail = page
      .getByRole("region", { name: /^Seu código de verificação/ })
      .filter({ hasText: `Para: ${demo.visitor}` })
      .first()
    await expect(mail).toBeVisible()
    await mail.getByRole("button", { name: "Abrir" }).click()
    await expect(mail.getByText(`Seu código de verificação é ${code}.`)).toBeAttached()
    const frame = mail.locator("iframe[sandbox='']")
    await expect(frame).toHaveAttribute("title", "Conteúdo do e-mail: Seu código de verificação")
    await expect(frame.contentFrame().getByText(code)).toBeVisible()
  })
})
