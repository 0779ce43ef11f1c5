import { expect, test } from "@playwright/test"
import { holdScripts, problems } from "./page-watch.ts"
import { demo, logIn, studioLogin } from "./support.ts"

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.222" } })

test("the studio's sign-in arrives drawn by the server; what is typed before the app runs is kept, never sent in the address", async ({
  page,
}) => {
  const found = problems(page)
  const release = await holdScripts(page)
  await page.goto("/studio/entrar?redirectTo=%2Fstudio%2Fperfil", { waitUntil: "commit" })
  await expect(page.getByRole("heading", { name: "Entrar no estúdio" })).toBeVisible()
  const proceed = page.getByRole("button", { name: "Entrar" })
  await page.getByLabel("E-mail ou usuário").fill(demo.creator)
  await page.getByLabel("Senha", { exact: true }).fill(demo.password)
  // Enter or a tap now would send the form as a plain GET, the password in the address.
  await page.getByLabel("Senha", { exact: true }).press("Enter")
  await expect(proceed).toBeDisabled()
  expect(page.url()).not.toContain(demo.password)

  release()
  await expect(proceed).toBeEnabled()
  await expect(page.getByLabel("E-mail ou usuário")).toHaveValue(demo.creator)
  await expect(page.getByLabel("Senha", { exact: true })).toHaveValue(demo.password)
  await proceed.click()
  // Where she goes is the app's to decide, from the address she came with.
  await expect(page).toHaveURL(/\/studio\/perfil$/, { timeout: 20_000 })
  expect(found).toEqual([])
})

test("the operator's sign-in drawn by the server still says what is missing, once the app runs", async ({
  page,
}) => {
  const html = await (await page.request.get("/admin/entrar")).text()
  expect(html).toContain("Entrar na operação")
  expect(html).not.toContain('<div id="root"></div>')

  await page.goto("/admin/entrar")
  const proceed = page.getByRole("button", { name: "Entrar" })
  await expect(proceed).toBeEnabled()
  await proceed.click()
  await expect(page.getByLabel("E-mail ou usuário")).toHaveAccessibleDescription("Obrigatório")
  await expect(page.getByLabel("Senha", { exact: true })).toHaveAccessibleDescription("Obrigatório")
})

test("a creator already signed in is sent on to her studio by the app, never by the server", async ({
  page,
}) => {
  await studioLogin(page, "studio", demo.creator)
  const found = problems(page)
  await page.goto("/studio/entrar")
  await expect(page).toHaveURL(/\/studio\/numeros$/)
  await expect(page.getByRole("navigation", { name: "Estúdio" })).toBeVisible()
  expect(found).toEqual([])
})

test("a follower signed in on the studio's sign-in page is told her account is not a creator's", async ({
  page,
}) => {
  await logIn(page, "demo", demo.subscriber, demo.password)
  await page.goto("/studio/entrar")
  await expect(page.getByRole("alert")).toContainText("não é de criadora")
  await page.getByRole("button", { name: "Sair desta conta" }).click()
  await expect(page.getByLabel("E-mail ou usuário")).toBeVisible()
})
