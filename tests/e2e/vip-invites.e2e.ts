import { expect, test, type Page } from "@playwright/test"
import { newEmail, registerFollower, studioLogin, vipInvitationLinkFor } from "./support.ts"

/** The lista VIP by invitation: the creator invites an e-mail, its owner accepts by the link. */

// A phone of their own: the logins here do not spend other journeys' per-address limits.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.80" } })

const creator = { username: "demo.mp", email: "criadora.mp@demo.com.br" }

async function inviteFromStudio(page: Page, email: string) {
  await studioLogin(page, "studio", creator.email)
  await page.getByRole("link", { name: "Assinantes" }).click()
  await page.getByLabel("E-mail da pessoa").fill(email)
  await page.getByRole("button", { name: "Enviar convite" }).click()
  await expect(page.getByRole("alert")).toContainText("Convite enviado.")
  await expect(page.getByRole("group", { name: email })).toContainText("Convite enviado")
}

const content = (page: Page) => page.getByRole("button", { name: /Manhã de praia/ })

test("a creator invites a follower, who accepts by the mailed link and sees the content", async ({
  browser,
}) => {
  const studio = await browser.newPage()
  const fan = await browser.newPage()
  const email = newEmail("vip")
  const password = "segredo1"
  await registerFollower(fan.request, email, password, creator.username)

  await test.step("the creator invites the follower's e-mail from her studio", async () => {
    await inviteFromStudio(studio, email)
  })

  await test.step("the follower opens the link signed out, signs in and comes back", async () => {
    await fan.goto(await vipInvitationLinkFor(email))
    await expect(
      fan.getByRole("heading", { name: "Você foi convidada para a lista VIP" }),
    ).toBeVisible()
    await fan.getByRole("link", { name: "Entrar ou criar conta" }).click()
    await fan.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await fan.getByRole("button", { name: "Continuar" }).click()
    await fan.getByLabel("Senha", { exact: true }).fill(password)
    await fan.getByRole("button", { name: "Continuar" }).click()
    await expect(fan).toHaveURL(/\/demo\.mp\/vip\?convite=/, { timeout: 20_000 })
  })

  await test.step("she accepts with the account of the invited e-mail", async () => {
    await expect(fan.getByText(`com a conta ${email}`)).toBeVisible()
    await fan.getByRole("button", { name: "Aceitar convite" }).click()
    await expect(fan.getByRole("heading", { name: "Você está na lista VIP" })).toBeVisible()
  })

  await test.step("she sees the content, and the studio lists her on the lista VIP", async () => {
    await fan.getByRole("link", { name: "Ver o conteúdo" }).click()
    await expect(content(fan)).toBeVisible()
    await expect(fan.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
    await studio.reload()
    await expect(studio.getByRole("group", { name: email })).toHaveCount(0)
    await expect(studio.getByRole("region", { name: email })).toContainText("lista vip")
  })

  await test.step("the link works once", async () => {
    await fan.goto(await vipInvitationLinkFor(email))
    await fan.getByRole("button", { name: "Aceitar convite" }).click()
    await expect(fan.getByRole("heading", { name: "Convite inválido" })).toBeVisible()
  })
})

test("someone with no account creates one from the invitation and accepts it", async ({
  browser,
}) => {
  const studio = await browser.newPage()
  const fan = await browser.newPage()
  const email = newEmail("vip-nova")
  await inviteFromStudio(studio, email)

  await fan.goto(await vipInvitationLinkFor(email))
  await fan.getByRole("link", { name: "Entrar ou criar conta" }).click()
  await fan.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await fan.getByRole("button", { name: "Continuar" }).click()
  await fan.getByRole("link", { name: "Criar conta" }).click()
  await fan.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
  await fan.getByLabel("Escolher senha", { exact: true }).fill("segredo1")
  await fan.getByLabel("Confirmar senha", { exact: true }).fill("segredo1")
  await fan.getByRole("button", { name: "Continuar" }).click()
  await expect(fan).toHaveURL(/\/demo\.mp\/vip\?convite=/, { timeout: 20_000 })
  await fan.getByRole("button", { name: "Aceitar convite" }).click()
  await expect(fan.getByRole("heading", { name: "Você está na lista VIP" })).toBeVisible()
  await fan.getByRole("link", { name: "Ver o conteúdo" }).click()
  await expect(content(fan)).toBeVisible()
})

test.describe("the lista VIP's form before its code", () => {
  // An address of its own: this sign-in spends none of the other journeys' login limit.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.190" } })

  test("Assinantes draws the form before react-hook-form arrives, and what is typed meanwhile is sent", async ({
    page,
  }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/invite-form-library-[\w-]{8}\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await studioLogin(page, "studio", creator.email)
    await page.goto("/studio/assinantes")
    await expect(
      page.getByText("Quem está na lista VIP vê o seu conteúdo sem pagar."),
    ).toBeVisible()
    const send = page.getByRole("button", { name: "Enviar convite" })
    await expect(send).toBeDisabled()
    const email = newEmail("vip-early")
    await page.getByLabel("E-mail da pessoa").fill(email)

    release()
    await send.click()
    await expect(page.getByRole("alert")).toContainText("Convite enviado.")
    await expect(page.getByRole("group", { name: email })).toContainText("Convite enviado")
  })
})
