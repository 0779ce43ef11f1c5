import { expect, test } from "@playwright/test"
import { choosePasswordAndSeeContent, demo, newEmail, studioLogin } from "./support.ts"

/** Coupons: the creator makes a 50 % coupon, a follower brings its link and pays half on Pix. */

// A phone of their own: the logins here do not spend other journeys' per-address limits.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.100" } })

test("a follower subscribes with a 50 % coupon link and pays half on Pix", async ({ browser }) => {
  const studio = await browser.newPage()
  const fan = await browser.newPage()
  const code = `METADE${Date.now().toString(36).toUpperCase().slice(-5)}`
  const email = newEmail("cupom")

  await test.step("the creator makes a 50 % coupon for the monthly plan", async () => {
    await studioLogin(studio, "studio", demo.creator)
    await studio.getByRole("link", { name: "Cupons" }).click()
    await studio.getByRole("textbox", { name: "Código" }).fill(code.toLowerCase())
    await studio.getByRole("textbox", { name: "Desconto (%)" }).fill("50")
    await studio.getByRole("checkbox", { name: /Trimestral/ }).uncheck()
    await studio.getByRole("checkbox", { name: /Semestral/ }).uncheck()
    await studio.getByRole("button", { name: "Criar cupom" }).click()
    await expect(studio.getByRole("alert")).toContainText("Cupom criado")
    await expect(studio.getByRole("region", { name: code })).toContainText("-50%")
  })

  await test.step("the follower opens the link and the checkout keeps the coupon", async () => {
    await fan.goto(`/demo?cupom=${code.toLowerCase()}`)
    await fan.getByRole("button", { name: "Assinar Close Friends" }).click()
    await expect(fan).toHaveURL(/\/demo\/checkout/)
    await expect(fan.getByText(`Cupom ${code} aplicado`)).toBeVisible()
    await fan.getByRole("radio", { name: "Mensal" }).check()
    const summary = fan.getByRole("region", { name: "Resumo da compra" })
    // R$ 29,90 + R$ 1,99 struck through; R$ 14,95 + R$ 1,99 to pay.
    await expect(summary.locator("s")).toHaveText(/R\$\s31,89/)
    await expect(summary).toContainText(/por R\$\s16,94/)
  })

  await test.step("she pays the half on Pix", async () => {
    await fan.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await fan.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
    await fan.getByRole("radio", { name: "Pix", exact: true }).check()
    await fan.getByRole("button", { name: "Assinar" }).click()
    await expect(fan).toHaveURL(/\/demo\/checkout\/qrcodeurl\?code=/)
    await fan.getByRole("button", { name: "Entendi" }).click()
    await expect(fan.getByText(/^R\$\s16,94$/)).toBeVisible()
    await fan.getByRole("button", { name: "Simular pagamento" }).click()
    await expect(
      fan.getByRole("heading", { name: "Pagamento realizado com sucesso!" }),
    ).toBeVisible({ timeout: 15_000 })
    await choosePasswordAndSeeContent(fan)
  })

  await test.step("the studio counts the use and the revenue", async () => {
    await studio.reload()
    const coupon = studio.getByRole("region", { name: code })
    await expect(coupon).toContainText("1 sem limite")
    await expect(coupon).toContainText(/R\$\s14,95/)
  })
})
