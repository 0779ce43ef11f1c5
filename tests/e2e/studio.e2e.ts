import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import {
  apiSession,
  demo,
  logIn,
  newEmail,
  png,
  registerFollower,
  registerOnCreatorPage,
  studioLogin,
  uniquePng,
  vipInvitationLinkFor,
} from "./support.ts"

/** Journeys of the creator studio and the operator tools, through the built app and the real server. */

/** A follower account made through the API, as the short sign-up on a creator's page makes it. */
async function follower(page: Page, from: string) {
  const email = newEmail("estudio")
  await registerFollower(page.request, email, "segredo1", from)
  return email
}

const avatar = (page: Page, username: string) =>
  page.getByRole("button", { name: `Ver stories de @${username}` })
const ring = (page: Page, username: string) =>
  avatar(page, username).locator('[data-slot="avatar"]')

test("a creator posts a story and a VIP follower sees it with the ring", async ({ browser }) => {
  // Two sign-ins and the invitation's acceptance: longer than one journey's default minute.
  test.setTimeout(120_000)
  const creator = await browser.newPage()
  const fan = await browser.newPage()
  const email = await follower(fan, "demo.mp")

  await test.step("the creator copies her page's address, to share it", async () => {
    await creator.context().grantPermissions(["clipboard-read", "clipboard-write"])
    await studioLogin(creator, "studio", "criadora.mp@demo.com.br")
    await creator.getByRole("button", { name: "Copiar link" }).click()
    await expect(creator.getByRole("alert")).toContainText("Copiado com sucesso")
    const copied = await creator.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(new URL("/demo.mp", creator.url()).href)
    await creator.getByRole("alert").click()
  })

  await test.step("the creator invites the follower to her lista VIP, and she accepts", async () => {
    await creator.getByRole("link", { name: "Assinantes" }).click()
    await creator.getByLabel("E-mail da pessoa").fill(email)
    await creator.getByRole("button", { name: "Enviar convite" }).click()
    await expect(creator.getByRole("alert")).toContainText("Convite enviado.")
    await creator.getByRole("alert").click()
    await logIn(fan, "demo.mp", email, "segredo1")
    await fan.goto(await vipInvitationLinkFor(email))
    await fan.getByRole("button", { name: "Aceitar convite" }).click()
    await expect(fan.getByRole("heading", { name: "Você está na lista VIP" })).toBeVisible()
  })

  await test.step("the follower watches every story, and the ring goes", async () => {
    await fan.goto("/demo.mp")
    await expect(ring(fan, "demo.mp")).toHaveClass(/bg-story-ring/)
    await avatar(fan, "demo.mp").click()
    const position = fan.getByRole("dialog").getByRole("status")
    await expect(position).toHaveText(/^Story 1 de 5/)
    for (let i = 0; i < 5; i++) await fan.keyboard.press("ArrowRight")
    await expect(fan.getByRole("dialog")).toHaveCount(0)
    await expect(ring(fan, "demo.mp")).not.toHaveClass(/bg-story-ring/)
  })

  await test.step("the creator posts a new story from the studio", async () => {
    await creator.getByRole("link", { name: "Conteúdo" }).click()
    await expect(creator.getByRole("heading", { name: "Stories" })).toBeVisible()
    await creator.getByLabel("Enviar story", { exact: true }).setInputFiles({
      name: "novo-story.png",
      mimeType: "image/png",
      buffer: png,
    })
    await expect(creator.getByRole("alert").filter({ hasText: "Story publicado" })).toBeVisible()
    const stories = creator.getByRole("region", { name: "Stories" })
    await expect(stories.getByRole("listitem").first()).toContainText("Imagem · agora")
  })

  await test.step("the follower comes back: the ring is there and the new story plays first", async () => {
    await fan.reload()
    await expect(ring(fan, "demo.mp")).toHaveClass(/bg-story-ring/)
    await avatar(fan, "demo.mp").click()
    await expect(fan.getByRole("dialog").getByRole("status")).toHaveText(/^Story 6 de 6/)
  })

  await test.step("the creator deletes it again", async () => {
    await creator
      .getByRole("button", { name: /^Apagar story de / })
      .first()
      .click()
    await creator.getByRole("alertdialog").getByRole("button", { name: "Apagar" }).click()
    await expect(creator.getByRole("alert").filter({ hasText: "Story apagado" })).toBeVisible()
  })
})

test("a creator approves a Pix receipt in the studio and the follower gets access", async ({
  browser,
}) => {
  const fan = await browser.newPage()
  const email = newEmail("comprovante")

  await test.step("the follower pays by Pix to the creator's key and sends the receipt", async () => {
    await registerOnCreatorPage(fan, "/@demo.pix", email)
    await fan.getByRole("radio", { name: "Mensal" }).check()
    await fan.getByRole("button", { name: "Gerar PIX" }).click()
    await fan.getByLabel("Comprovante do PIX").setInputFiles({
      name: "comprovante.png",
      mimeType: "image/png",
      buffer: uniquePng(email),
    })
    await fan.getByRole("button", { name: "Enviar comprovante" }).click()
    await expect(fan.getByRole("heading", { name: "PIX em análise" })).toBeVisible()
  })

  await test.step("the creator sees the receipt beside the amount and approves it", async () => {
    const creator = await browser.newPage()
    await studioLogin(creator, "studio", "criadora.pix@demo.com.br")
    await creator.getByRole("link", { name: "Assinantes" }).click()
    const receipt = creator.getByRole("region", { name: `Comprovante de ${email}` })
    await expect(
      receipt.getByRole("img", { name: `Comprovante enviado por ${email}` }),
    ).toBeVisible()
    await expect(receipt).toContainText("R$ 31,89")
    await receipt.getByRole("button", { name: "Aprovar" }).click()
    await expect(creator.getByRole("alert")).toContainText(
      "Pagamento aprovado: a assinatura foi liberada.",
    )
    await expect(creator.getByRole("region", { name: email })).toContainText("pago")
  })

  await test.step("the follower's status page turns approved and the content opens", async () => {
    await expect(fan.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible({
      timeout: 15_000,
    })
    await fan.getByRole("link", { name: "Ir para o perfil" }).click()
    await expect(fan).toHaveURL(/\/demo\.pix$/)
    await expect(fan.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
  })
})

/** The invite link the operator's e-mail carries (outbox of scripts/e2e-server.mjs). */
async function inviteLinkFor(email: string): Promise<string> {
  const outbox = path.resolve(".e2e-data", "outbox")
  let link: string | undefined
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".json"))
      for (const name of names) {
        const mail = JSON.parse(await readFile(path.join(outbox, name), "utf8")) as {
          to: string
          text: string
        }
        if (mail.to === email) link = /https?:\/\/\S+\/studio\/convite\S+/.exec(mail.text)?.[0]
        if (link) break
      }
      return link
    })
    .toBeTruthy()
  return link!
}

// The lead and the operator sign in from an address of their own: the journeys before this one
// spend most of the 20 logins an address has every 15 minutes.
test.describe("from the lead's phone", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.21" } })

  test("the operator invites a lead, who chooses a password and lands in her studio", async ({
    page,
  }) => {
    const email = newEmail("lead")
    const instagram = `@lead${Date.now().toString(36)}`

    await test.step("the lead leaves her contacts", async () => {
      await page.goto("/tenho-interesse")
      await page.getByLabel("Instagram").fill(instagram)
      await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
      await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
      await page.getByLabel("WhatsApp").fill("11987654321")
      await page.getByRole("button", { name: "Enviar" }).click()
      await expect(page.getByRole("alert")).toContainText("Recebemos as suas informações.")
    })

    await test.step("the operator invites her", async () => {
      await studioLogin(page, "admin", "admin@demo.com.br")
      await page.getByLabel("Buscar por instagram, e-mail ou WhatsApp").fill(email)
      const lead = page.getByRole("region", { name: `Lead ${instagram}` })
      await lead.getByRole("button", { name: "Convidar como criadora" }).click()
      await page.getByLabel("Nome da criadora").fill("Nova Criadora")
      await page.getByRole("button", { name: "Enviar convite" }).click()
      await expect(
        page.getByRole("alert").filter({ hasText: `Convite enviado para ${email}` }),
      ).toBeVisible()
      await expect(lead).toContainText("Convidado")
      // Alerts close on a click; the one above covers the header.
      await page.getByRole("alert").first().click()
      await page.getByRole("button", { name: "Sair" }).click()
      await expect(page).toHaveURL(/\/admin\/entrar$/)
    })

    await test.step("the invite link signs her in, she chooses a password and reaches the studio", async () => {
      const link = new URL(await inviteLinkFor(email))
      await page.goto(link.pathname + link.search)
      await expect(page).toHaveURL(/\/choose-password\?code=/, { timeout: 20_000 })
      await page.getByLabel("Nova senha", { exact: true }).fill("minhasenha")
      await page.getByLabel("Confirmar nova senha", { exact: true }).fill("minhasenha")
      await page.getByRole("button", { name: "Continuar" }).click()
      await expect(page).toHaveURL(/\/studio\/numeros$/, { timeout: 20_000 })
      await expect(page.getByRole("heading", { level: 1, name: "Números" })).toBeVisible()
      await page.getByRole("link", { name: "Perfil" }).click()
      await expect(page.getByLabel("Nome completo")).toHaveValue("Nova Criadora")
    })
  })
})

// Every journey signs in from the runner's one address, and the API allows 20 logins per address
// every 15 minutes: the operator here works from an address of her own, as she would.
test.describe("from the operator's office", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.20" } })

  test("the operator bans a creator: her page shows it is unavailable and sells nothing, until she is reactivated", async ({
    page,
    request,
  }) => {
    const email = newEmail("banida")
    const username = `banida${Date.now().toString(36)}`

    await test.step("a creator account of her own, made from a lead's invite", async () => {
      await request.get("/v1/health")
      const xsrf = (await request.storageState()).cookies.find(
        (c) => c.name === "XSRF-TOKEN",
      )!.value
      const lead = await request.post("/v1/performer/lead", {
        headers: { "X-XSRF-TOKEN": xsrf },
        data: { instagram: `@${username}`, email, whatsapp: "11987654321", token: "e2e" },
      })
      expect(lead.ok(), await lead.text()).toBe(true)
      const operator = await apiSession(request, "admin@demo.com.br", demo.password)
      const leads = (await (
        await operator.get(`/admin/leads?q=${encodeURIComponent(email)}`)
      ).json()) as { id: string }[]
      const invite = await operator.post(`/admin/leads/${leads[0]!.id}/invite`, {
        username,
        fullName: "Criadora Banida",
      })
      expect(invite.ok(), await invite.text()).toBe(true)
      await page.goto(`/${username}`)
      await expect(page.getByRole("heading", { name: "Criadora Banida" })).toBeVisible()
    })

    await test.step("the operator bans her from the creators' list", async () => {
      await studioLogin(page, "admin", "admin@demo.com.br")
      await page.getByRole("link", { name: "Criadoras" }).click()
      await page.getByLabel("Buscar por usuário, nome ou e-mail").fill(username)
      const creator = page.getByRole("region", { name: `@${username}` })
      await creator.getByRole("button", { name: "Banir" }).click()
      await page
        .getByRole("alertdialog", { name: `Banir @${username}?` })
        .getByRole("button", { name: "Banir" })
        .click()
      await expect(
        page.getByRole("alert").filter({ hasText: `@${username} foi banida` }),
      ).toBeVisible()
      await expect(creator.getByText("Banida", { exact: true })).toBeVisible()
    })

    await test.step("her page says it is unavailable and offers no plan", async () => {
      const visitor = await page.context().browser()!.newPage()
      await visitor.goto(`/${username}`)
      await expect(visitor.getByRole("heading", { name: "Perfil indisponível" })).toBeVisible()
      await expect(visitor.getByText("Este perfil não está disponível no momento.")).toBeVisible()
      await expect(visitor.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
      await visitor.goto(`/${username}/checkout`)
      await expect(visitor.getByRole("heading", { name: "Perfil indisponível" })).toBeVisible()
      await visitor.close()
    })

    await test.step("reactivated, her page is back", async () => {
      const creator = page.getByRole("region", { name: `@${username}` })
      await creator.getByRole("button", { name: "Reativar" }).click()
      await page
        .getByRole("alertdialog", { name: `Reativar @${username}?` })
        .getByRole("button", { name: "Reativar" })
        .click()
      await expect(
        page.getByRole("alert").filter({ hasText: `@${username} foi reativada` }),
      ).toBeVisible()
      await page.goto(`/${username}`)
      await expect(page.getByRole("heading", { name: "Criadora Banida" })).toBeVisible()
    })
  })
})
