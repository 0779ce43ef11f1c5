import { expect, test } from "@playwright/test"
import { apiSession, choosePasswordAndSeeContent, demo, newEmail } from "./support.ts"

/** dd/MM/yyyy in São Paulo, as the app shows dates. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date(iso))

const day = 24 * 60 * 60 * 1000

test("a follower subscribes with Pix Automático, pays the first period with one QR, sees the card with the next debit, and the bank debits the next period", async ({
  page,
  request,
}) => {
  const email = newEmail("pix-automatico")
  const password = "minhasenha1"

  await test.step("checkout: plan, new e-mail, Pix Automático with the account holder", async () => {
    await page.goto("/demo/checkout")
    await page.getByRole("radio", { name: "Mensal" }).check()
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
    await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
    await page.getByRole("radio", { name: "Pix", exact: true }).check()
    await expect(page.getByRole("radio", { name: "Pix avulso" })).toBeChecked()
    await page.getByRole("radio", { name: "Pix Automático (renova sozinho)" }).check()
    await page.getByRole("textbox", { name: "Nome do titular da conta" }).fill("Ana Assinante")
    await page.getByRole("textbox", { name: "CPF do titular da conta" }).fill("11144477735")
    await page.getByRole("button", { name: "Assinar" }).click()
  })

  await test.step("one QR pays the first period and authorises the recurring debit", async () => {
    await expect(page).toHaveURL(/\/demo\/checkout\/qrcodeurl\?code=/, { timeout: 20_000 })
    await page.getByRole("button", { name: "Entendi" }).click()
    const note = page.getByRole("region", { name: "Pix Automático" })
    await expect(note).toContainText("Este QR Code paga o primeiro período e autoriza o débito de")
    await expect(note).toContainText("todo mês (MENSAL)")
    await expect(page.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(
      /^000201.*80\d{2}0014br\.gov\.bcb\.pix/,
    )
    await page.getByRole("button", { name: "Simular pagamento" }).click()
    await expect(
      page.getByRole("heading", { name: "Pagamento realizado com sucesso!" }),
    ).toBeVisible({ timeout: 15_000 })
  })

  await test.step("chooses a password and sees the content", async () => {
    await page.getByRole("button", { name: "Continuar" }).click()
    await page.getByLabel("Nova senha", { exact: true }).fill(password)
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill(password)
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page).toHaveURL(/\/demo$/)
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  })

  const api = await apiSession(request, email, password)
  const subscription = async () =>
    (await (await api.get("/demo/subscription")).json()) as {
      id: string
      currentPeriodEnd: string
      recurrenceStatus: string
    }
  const first = await subscription()
  expect(first.recurrenceStatus).toBe("APROVADA")
  const firstEnd = new Date(first.currentPeriodEnd).getTime()
  expect(firstEnd - Date.now()).toBeGreaterThan(27 * day)

  await test.step("Minha conta shows Pix Automático ativo and the next debit date", async () => {
    await page.getByRole("link", { name: "Mais opções" }).click()
    await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible()
    const card = page.getByRole("region", { name: "Pix Automático ativo" })
    await expect(card).toContainText(
      new RegExp(`Próximo débito: R\\$\\s[\\d,]+ em ${shown(first.currentPeriodEnd)}`),
    )
  })

  await test.step("the sandbox bank debits the second period; access and the next date move on", async () => {
    const debit = await api.post(`/sandbox/subscriptions/${first.id}/pix-automatico/next-period`, {
      early: true,
    })
    expect(debit.status()).toBe(200)
    const second = await subscription()
    expect(second.recurrenceStatus).toBe("APROVADA")
    expect(new Date(second.currentPeriodEnd).getTime()).toBeGreaterThan(firstEnd + 27 * day)
    await page.reload()
    await expect(page.getByRole("region", { name: "Pix Automático ativo" })).toContainText(
      new RegExp(`Próximo débito: R\\$\\s[\\d,]+ em ${shown(second.currentPeriodEnd)}`),
    )
    await page.goto("/demo")
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  })
})

test.describe("a free trial on Pix Automático, in the test environment", () => {
  // It signs in: an address of its own keeps it clear of the other journeys' login limit.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.186" } })

  test("the sandbox's bank authorises the trial's recurrence, which has no payment to settle", async ({
    page,
    request,
  }) => {
    const code = `TESTE${Date.now().toString(36).toUpperCase().slice(-5)}`
    const email = newEmail("teste-pix-automatico")

    await test.step("the creator makes a 7-day trial coupon for the monthly plan", async () => {
      const creator = await apiSession(request, demo.creator, demo.password)
      const profile = (await (await creator.get("/profile/demo")).json()) as {
        plans: Array<{ id: string; name: string }>
      }
      const monthly = profile.plans.find((plan) => plan.name === "MONTHLY")!
      const made = await creator.post("/studio/coupons", {
        code,
        kind: "trial",
        trialDays: 7,
        planIds: [monthly.id],
        maxUses: null,
        expiresAt: null,
      })
      expect(made.status(), await made.text()).toBe(200)
    })

    await test.step("the follower starts the trial on Pix Automático", async () => {
      await page.goto(`/demo/checkout?cupom=${code.toLowerCase()}`)
      await page.getByRole("radio", { name: "Mensal" }).check()
      await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
      await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
      await page.getByRole("radio", { name: "Pix", exact: true }).check()
      await page.getByRole("radio", { name: "Pix Automático (renova sozinho)" }).check()
      await page.getByRole("textbox", { name: "Nome do titular da conta" }).fill("Ana Assinante")
      await page.getByRole("textbox", { name: "CPF do titular da conta" }).fill("11144477735")
      await page.getByRole("button", { name: "Assinar" }).click()
      await expect(page.getByRole("heading", { name: "Seu teste grátis começou!" })).toBeVisible({
        timeout: 20_000,
      })
    })

    await test.step("'Simular autorização' answers for her bank, and she goes on", async () => {
      await page.getByRole("button", { name: "Simular autorização" }).click()
      await expect(page).toHaveURL(/\/demo\/checkout\/success\?code=/, { timeout: 15_000 })
      await choosePasswordAndSeeContent(page)
    })

    const fan = await apiSession(request, email, "minhasenha1")
    const subscription = (await (await fan.get("/demo/subscription")).json()) as {
      status: string
      recurrenceStatus: string
    }
    expect(subscription).toMatchObject({ status: "trialing", recurrenceStatus: "APROVADA" })
  })
})
