import { expect, test } from "@playwright/test"
import { apiSession, demo, newEmail, registerOnCreatorPage, uniquePng } from "./support.ts"

test("Pix to the creator's own key: the receipt goes in analysis, the creator approves, access opens", async ({
  page,
  request,
}) => {
  const email = newEmail("bacen")
  // A Pix end-to-end id: E, the payer bank's ISPB, a timestamp, then letters and digits (32 in all).
  const endToEndId = `E18236120${Date.now()}`.padEnd(32, "x").slice(0, 32)

  await test.step("registers from the creator's page and goes to pay", async () => {
    await registerOnCreatorPage(page, "/@demo.pix", email)
  })

  await test.step("generates the Pix to the creator's key", async () => {
    await page.getByRole("radio", { name: "Mensal" }).check()
    await page.getByRole("button", { name: "Gerar PIX" }).click()
    await expect(page).toHaveURL(/\/demo\.pix\/payment\/status$/)
    await expect(page.getByRole("heading", { name: "Aguardando pagamento do PIX" })).toBeVisible()
    await expect(page.getByRole("tab", { name: "Chave" })).toBeVisible()
    await expect(page.getByRole("timer", { name: "Próxima atualização" })).toHaveText(
      /Atualizando em \d/,
    )
  })

  await test.step("sends the receipt, which waits for the creator", async () => {
    await page.getByLabel("Comprovante do PIX").setInputFiles({
      name: "comprovante.png",
      mimeType: "image/png",
      buffer: uniquePng(email),
    })
    await page.getByLabel("Código da transação (opcional)").fill(endToEndId)
    await page.getByRole("button", { name: "Enviar comprovante" }).click()
    await expect(page.getByRole("alert")).toContainText("Comprovante enviado!")
    await expect(page.getByRole("heading", { name: "PIX em análise" })).toBeVisible()
  })

  await test.step("the creator approves it and the status page opens the profile", async () => {
    const creator = await apiSession(request, "criadora.pix@demo.com.br", demo.password)
    const receipts = (await (await creator.get("/studio/receipts")).json()) as {
      subscriber: { email: string }
      payment: { id: string }
      receiptEndToEndId: string | null
    }[]
    const mine = receipts.find((r) => r.subscriber.email === email)
    expect(mine).toBeDefined()
    expect(mine!.receiptEndToEndId).toBe(endToEndId)
    expect((await creator.post(`/studio/receipts/${mine!.payment.id}/approve`)).ok()).toBe(true)

    // The page refreshes by itself every 5 s.
    await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible({
      timeout: 15_000,
    })
    await page.getByRole("link", { name: "Ir para o perfil" }).click()
    await expect(page).toHaveURL(/\/demo\.pix$/)
    await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  })
})
