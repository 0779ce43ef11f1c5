import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { expect, type APIRequestContext, type Page } from "@playwright/test"

/** The demo data of server/src/db/seed.ts. */
export const demo = {
  password: "demo1234",
  subscriber: "assinante@demo.com.br",
  visitor: "visitante@demo.com.br",
  creator: "criadora@demo.com.br",
}

/** A 1×1 PNG: the server checks an upload's magic bytes, not its name. */
export const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
)

/**
 * A PNG no other upload has sent: receipts are refused when their bytes were seen before,
 * also by an earlier run against the same server.
 */
export const uniquePng = (seed: string) => Buffer.concat([png, Buffer.from(seed)])

/** A fresh e-mail per test, so journeys never depend on each other. */
export function newEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`
}

/** The outbox of the e2e server (scripts/e2e-server.mjs: DATA_DIR=.e2e-data). */
const outbox = path.resolve(".e2e-data", "outbox")

type OutboxMail = { to: string; subject: string; text: string }

/** The 6-digit code of the newest mail sent to `email`, waiting for it to arrive. */
export async function recoveryCodeFor(email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".json"))
      const mails = await Promise.all(
        names
          .sort()
          .reverse()
          .map(async (n) => JSON.parse(await readFile(path.join(outbox, n), "utf8")) as OutboxMail),
      )
      code = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
      return code
    })
    .toBeTruthy()
  return code!
}

/** The first link matching `pattern` in the newest mail sent to `email` that has one, waiting for it. */
export async function linkInMailTo(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".json"))
      for (const name of names.sort().reverse()) {
        const mail = JSON.parse(await readFile(path.join(outbox, name), "utf8")) as OutboxMail
        if (mail.to === email) link = pattern.exec(mail.text)?.[0]
        if (link) break
      }
      return link
    })
    .toBeTruthy()
  return link!
}

/** The lista VIP invitation link of the newest mail sent to `email`, waiting for it to arrive. */
export const vipInvitationLinkFor = (email: string) =>
  linkInMailTo(email, /https?:\/\/\S+\/vip\?convite=[\w-]+/)

/** Signs in to the studio (a creator) or the operator tools (an operator) with the demo password. */
export async function studioLogin(page: Page, area: "studio" | "admin", email: string) {
  await page.goto(`/${area}/entrar`)
  await page.getByLabel("E-mail ou usuário").fill(email)
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  await page.getByRole("button", { name: "Entrar" }).click()
  await expect(
    page.getByRole("navigation", { name: area === "studio" ? "Estúdio" : "Operação" }),
  ).toBeVisible({
    timeout: 20_000,
  })
}

/** Logs in through the creator's auth steps and waits for the page that follows. */
export async function logIn(
  page: Page,
  username: string,
  email: string,
  password: string,
  { succeeds = true } = {},
) {
  await page.goto(`/${username}/auth`)
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Continuar" }).click()
  if (!succeeds) return
  // Password hashing is deliberately slow; on a busy machine the answer can take a while.
  await expect(page).not.toHaveURL(/\/auth\/password$/, { timeout: 20_000 })
}

/**
 * After paying as a new buyer: "Continuar" on the success page, a password of one's own, and
 * the creator's profile unlocked, with the photo grid and the stories player.
 */
export async function choosePasswordAndSeeContent(page: Page, password = "minhasenha1") {
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page).toHaveURL(/\/choose-password\?code=.+&redirectTo=%2Fdemo/)
  await expect(page.getByRole("heading", { name: "Escolha uma senha" })).toBeVisible()
  await page.getByLabel("Nova senha", { exact: true }).fill(password)
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page).toHaveURL(/\/demo$/)
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)

  await page.getByRole("button", { name: "Ver stories de @demo" }).click()
  await expect(page).toHaveURL(/\/demo\/stories$/)
  const player = page.getByRole("dialog", { name: "Stories de @demo" })
  await expect(player.getByRole("status")).toHaveText(/^Story 1 de 5/)
  await player.getByRole("button", { name: "Fechar" }).click()
  await expect(page).toHaveURL(/\/demo$/)
}

/** The creator's side of a journey, through the API as the studio would call it. */
export async function apiSession(request: APIRequestContext, email: string, password: string) {
  await request.get("/v1/health")
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value
  const login = await request.post("/v1/auth/login", {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { usernameOrEmail: email, password },
  })
  expect(login.ok()).toBe(true)
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { Authorization: `Bearer ${accessToken}`, "X-XSRF-TOKEN": xsrf }
  return {
    get: (path: string) => request.get(`/v1${path}`, { headers }),
    post: (path: string, data?: unknown) => request.post(`/v1${path}`, { headers, data }),
  }
}

/** A follower account made through the API, as the short sign-up on a creator's page makes it. */
export async function registerFollower(
  request: APIRequestContext,
  email: string,
  password: string,
  from = "demo",
) {
  await request.get("/v1/health")
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value
  const signUp = await request.post("/v1/auth/customer/register/short", {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { email, password, from, token: "e2e" },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
}

/**
 * A subscriber of her own, who bought a monthly Pix on the checkout as a new buyer (which makes
 * her account, with a temporary password) and paid it through the sandbox. Journeys that change
 * a subscription use one, so the seeded subscriber stays as it is and they can run again.
 */
export async function newSubscriber(request: APIRequestContext, username = "demo") {
  const email = newEmail("assinante")
  await request.get("/v1/health")
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value
  const checkout = await request.post(`/v1/${username}/iugu/subscription/pix`, {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { email, planName: "MONTHLY", typeAuth: "new_user", token: "e2e" },
  })
  expect(checkout.ok(), await checkout.text()).toBe(true)
  const { subscription, auth } = (await checkout.json()) as {
    subscription: { payment: { id: string } }
    auth: { accessToken: string; password: string }
  }
  const paid = await request.post(`/v1/sandbox/payments/${subscription.payment.id}/pay`, {
    headers: { Authorization: `Bearer ${auth.accessToken}`, "X-XSRF-TOKEN": xsrf },
  })
  expect(paid.ok(), await paid.text()).toBe(true)
  expect(((await paid.json()) as { status: string }).status).toBe("paid")
  return { email, password: auth.password }
}

/**
 * A new follower on a creator's page: "Assinar Close Friends", the e-mail, "Criar conta" (the
 * password step follows every e-mail), the e-mail again, a password, then on to the payment page. `path` is how the page was reached ("/demo.mp" or "/@demo.pix").
 */
export async function registerOnCreatorPage(page: Page, path: string, email: string) {
  const username = path.replace(/^\/@?/, "")
  await page.goto(path)
  await page.getByRole("button", { name: "Assinar Close Friends" }).click()
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByRole("link", { name: "Criar conta" }).click()
  await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
  await page.getByLabel("Escolher senha", { exact: true }).fill("segredo1")
  await page.getByLabel("Confirmar senha", { exact: true }).fill("segredo1")
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByRole("link", { name: "Continuar para o pagamento" }).click()
  await expect(page).toHaveURL(new RegExp(`/${username.replace(/\./g, "\\.")}/payment$`))
}

/**
 * A follower of `demo` with a Visa saved at iugu and nothing paid: she started a Pix and, before
 * paying it, saved a card as the renewal card, as "Atualizar cartão" does.
 */
export async function followerWithSavedCard(request: APIRequestContext) {
  const email = newEmail("cartao-salvo")
  const password = "segredo1"
  await registerFollower(request, email, password)
  const api = await apiSession(request, email, password)
  const pix = await api.post("/demo/subscription/pix", { planName: "MONTHLY" })
  expect(pix.ok(), await pix.text()).toBe(true)
  const { id } = (await pix.json()) as { id: string }
  const token = await api.post("/sandbox/iugu/payment_token", {
    account_id: "sandbox",
    method: "credit_card",
    test: true,
    data: {
      number: "4111111111111111",
      verification_value: "123",
      first_name: "ANA",
      last_name: "SALVA",
      month: "12",
      year: "2035",
    },
  })
  expect(token.ok(), await token.text()).toBe(true)
  const saved = await api.post(`/payment/subscription/update/${id}`, {
    creditCardToken: ((await token.json()) as { id: string }).id,
  })
  expect(saved.ok(), await saved.text()).toBe(true)
  return { email, password }
}

/** After a payment approved on the payment page: "Ir para o perfil", and the photos are there. */
export async function openProfileWithContent(page: Page) {
  await page.getByRole("link", { name: "Ir para o perfil" }).click()
  await expect(page).toHaveURL(/\/demo$/)
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
}

/**
 * Opens `path` in a browser holding `token`'s session, as signing in leaves it, and lists the
 * API reads the page makes (path and query; files apart).
 */
export async function openWithSession(page: Page, token: string, path: string) {
  await page.goto("/v1/health")
  await page.evaluate((accessToken) => {
    localStorage.setItem("auth", JSON.stringify({ email: null, accessToken, account: null }))
    localStorage.setItem("accessToken", accessToken)
  }, token)
  const reads: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    const isRead = request.method() === "GET" && url.pathname.startsWith("/v1/")
    if (isRead && !url.pathname.startsWith("/v1/files/")) reads.push(url.pathname + url.search)
  })
  await page.goto(path)
  return reads
}

/** The early answers the app has not taken; null when the early script asked for none. */
export const earlyLeft = (page: Page) =>
  page.evaluate(() => {
    const early = (window as { __closerEarly?: object }).__closerEarly
    return early ? Object.keys(early) : null
  })
