import { expect, test, type Page } from "@playwright/test"
import { demo } from "./support.ts"

test("an existing subscriber logs in from the checkout and lands on the unlocked profile", async ({
  page,
}) => {
  await page.goto("/demo/checkout")
  await page.getByRole("link", { name: "Já sou assinante" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/email$/)
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(demo.subscriber)
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/password$/)
  await expect(page.getByText(demo.subscriber)).toBeVisible()
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()

  // Active subscription: the profile (spec §4), with photos and no subscribe box.
  await expect(page).toHaveURL(/\/demo$/)
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Mais opções" })).toBeVisible()

  await test.step("a like, or taking it back, stays after a reload", async () => {
    const photo = () => page.getByRole("article").filter({ hasText: "Manhã de praia" })
    await page.getByRole("button", { name: /Manhã de praia/ }).click()
    await expect(page.getByRole("dialog", { name: "Fotos" })).toBeVisible()
    const like = photo().getByRole("button", { name: "Curtir" })
    // The seeded subscriber keeps her likes between runs: the step flips whatever it finds.
    const liked = (await like.getAttribute("aria-pressed")) === "true"
    const sent = page.waitForResponse(/\/v1\/medias\/.+\/(like|unlike)$/)
    await like.click()
    await expect(like).toHaveAttribute("aria-pressed", String(!liked))
    const answer = await sent
    expect(answer.ok()).toBe(true)
    expect(answer.url()).toMatch(liked ? /\/unlike$/ : /\/like$/)
    await page.reload()
    await page.getByRole("button", { name: /Manhã de praia/ }).click()
    await expect(photo().getByRole("button", { name: "Curtir" })).toHaveAttribute(
      "aria-pressed",
      String(!liked),
    )
    await page
      .getByRole("dialog", { name: "Fotos" })
      .getByRole("button", { name: "Fechar" })
      .click()
  })

  await test.step("a highlight plays its stories", async () => {
    await page
      .getByRole("region", { name: "Destaques" })
      .getByRole("button", { name: "Viagens" })
      .click()
    const player = page.getByRole("dialog", { name: "Stories de @demo" })
    await expect(player.getByRole("status")).toHaveText(/^Story 1 de 2/)
    await player.getByRole("button", { name: "Fechar" }).click()
    await expect(player).toHaveCount(0)
  })
})

/** The checkout's own login: e-mail, "Já tenho conta", then the password. */
async function logInOnCheckout(page: Page, email: string) {
  await page.goto("/demo/checkout")
  await page.getByRole("radio", { name: "Mensal" }).check()
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await page.getByRole("button", { name: "Já tenho conta" }).click()
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()
}

test("an active subscriber who logs in on the checkout's own form lands on the profile", async ({
  page,
}) => {
  await logInOnCheckout(page, demo.subscriber)
  // Active subscription: the profile (spec §4), not a second purchase.
  await expect(page).toHaveURL(/\/demo$/, { timeout: 20_000 })
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
})

test("a follower without a subscription who logs in on the checkout stays there to pay", async ({
  page,
}) => {
  await logInOnCheckout(page, demo.visitor)
  await expect(page.getByRole("region", { name: "Identificação" })).toContainText(
    `Comprando como ${demo.visitor}`,
    { timeout: 20_000 },
  )
  await expect(page).toHaveURL(/\/demo\/checkout$/)
  await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
})

test("a follower without a subscription logs in and is taken to pay", async ({ page }) => {
  await page.goto("/demo/checkout")
  await page.getByRole("link", { name: "Já sou assinante" }).click()
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(demo.visitor)
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()

  // No subscription: the payment page, with this creator's card form and boleto.
  // (Password hashing is deliberately slow: a busy machine may take a while to answer.)
  await expect(page).toHaveURL(/\/demo\/payment$/, { timeout: 20_000 })
  await page.getByRole("radio", { name: "Mensal" }).check()
  await expect(page.getByText("Resumo da compra")).toBeVisible()
  await expect(page.getByRole("radio", { name: "Boleto" })).toBeEnabled()
})

test('a follower who buys without signing in is asked her password only at "Assinar", then buys as herself', async ({
  page,
}) => {
  await page.goto("/demo/checkout")
  await page.getByRole("radio", { name: "Mensal" }).check()
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(demo.visitor)
  await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(demo.visitor)
  // Nothing is looked up while typing: any e-mail may go on to pay.
  await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
  await page.getByRole("radio", { name: "Pix", exact: true }).check()
  await page.getByRole("button", { name: "Assinar" }).click()
  await expect(
    page.getByText("Você já tem uma conta. Digite sua senha para continuar."),
  ).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/demo\/checkout$/)
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page.getByRole("region", { name: "Identificação" })).toContainText(
    `Comprando como ${demo.visitor}`,
    { timeout: 20_000 },
  )
})
