import { expect, test } from "@playwright/test"
import { holdScripts, keepDrawnNodes, problems, takenOver } from "./page-watch.ts"
import { demo, logIn } from "./support.ts"

const bio = "Bastidores, viagens e o dia a dia que não vai pro feed."

test("the creator's page arrives with the name, bio and subscribe button, before any script runs", async ({
  page,
  browser,
}) => {
  const html = await (await page.request.get("/demo")).text()
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1]
  expect(root).toContain("Duda Demo")
  expect(root).toContain(bio)
  expect(root).toContain("Assinar Close Friends")

  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const still = await noScript.newPage()
  await still.goto("/demo")
  await expect(still.getByRole("heading", { name: "Duda Demo" })).toBeVisible()
  await expect(still.getByText(bio)).toBeVisible()
  await expect(still.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await noScript.close()
})

test("the app takes over the server's markup without a warning and without drawing it again", async ({
  page,
}) => {
  const found = problems(page)
  await keepDrawnNodes(page)
  const pages = ["/", "/demo", "/demo/checkout", "/tenho-interesse", "/doc/terms", "/doc/privacy"]
  const signIn = [
    "/demo/auth/email",
    "/demo/auth/recovery/email",
    "/studio/entrar",
    "/admin/entrar",
  ]
  for (const path of [...pages, ...signIn]) {
    await page.goto(path)
    await page.waitForLoadState("networkidle")
    const taken = await takenOver(page)
    expect(taken.drawn, path).toBeGreaterThan(20)
    expect(taken.replaced, path).toEqual([])
    expect(taken.hydrated, path).toBeGreaterThan(taken.drawn / 2)
  }
  expect(found).toEqual([])

  // Hydrated, the page works: the subscribe button leads to the checkout in the app.
  await page.goto("/demo")
  await page.getByRole("button", { name: "Assinar Close Friends" }).click()
  await expect(page).toHaveURL(/\/demo\/checkout$/)
  await expect(page.getByText("Escolha um plano", { exact: true })).toBeVisible()
  expect(found).toEqual([])
})

test("a signed-in subscriber still sees the photos once the app takes over the visitor's page", async ({
  page,
}) => {
  await logIn(page, "demo", demo.subscriber, demo.password)
  const found = problems(page)
  // Every shift of the layout the page makes by itself, from its first paint.
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as { shifts?: number[] }).shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        shifts.push(entry.value)
    }).observe({ type: "layout-shift", buffered: true })
  })
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: /Manhã de praia/ })).toBeVisible()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Mais opções" })).toBeVisible()
  // The notifications switch arrives last, in the place kept for it: nothing below it moves.
  await expect(page.getByRole("switch", { name: "Avisar quando tiver novidade" })).toBeVisible()
  expect(await page.evaluate(() => (window as { shifts?: number[] }).shifts)).toEqual([])
  expect(found).toEqual([])
})

test("a plan tapped on the server-drawn checkout before the app takes it over stays chosen", async ({
  page,
}) => {
  // The app's scripts are held back, as on a slow phone, until the plan has been tapped.
  const release = await holdScripts(page)
  // The document's own load waits for its module scripts: the markup is enough here.
  await page.goto("/demo/checkout", { waitUntil: "commit" })
  const quarterly = page.getByRole("radio", { name: "Trimestral" })
  await quarterly.check()
  const email = page.getByRole("textbox", { name: "E-mail", exact: true })
  // Only the markup answers yet: the e-mail waits for a plan the app does not know of.
  await expect(email).toBeDisabled()

  release()
  await expect(email).toBeEnabled()
  await expect(quarterly).toBeChecked()
  await expect(page.getByText("Assinatura trimestral")).toBeVisible()
})

test("what is typed into a form the server drew before the app takes it over is kept, and never sent in the address", async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto("/demo/auth/email", { waitUntil: "commit" })
  const email = page.getByRole("textbox", { name: "E-mail" })
  const proceed = page.getByRole("button", { name: "Continuar" })
  await email.fill("Ana@Example.com")
  // Enter or a tap now would send the form as a plain GET, the e-mail in the address.
  await email.press("Enter")
  await expect(proceed).toBeDisabled()
  expect(page.url()).toMatch(/\/demo\/auth\/email$/)

  release()
  await expect(proceed).toBeEnabled()
  // Taken as typed: lower-cased as the app does, and kept through its renders.
  await expect(email).toHaveValue("ana@example.com")
  await proceed.click()
  await expect(page).toHaveURL(/\/demo\/auth\/password$/)
})

test("the new password typed into the server's form before the app runs is kept, never sent in the address", async ({
  page,
}) => {
  const found = problems(page)
  const release = await holdScripts(page)
  await page.goto("/choose-password?code=CodigoDoLink&redirectTo=%2Fdemo", { waitUntil: "commit" })
  // The link's code stands for the current password: the server's form does not ask for it.
  await expect(page.getByRole("heading", { name: "Escolha uma senha" })).toBeVisible()
  await expect(page.getByLabel("Senha atual")).toHaveCount(0)
  const proceed = page.getByRole("button", { name: "Continuar" })
  await page.getByLabel("Nova senha", { exact: true }).fill("minhasenha1")
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill("minhasenha1")
  await page.getByLabel("Confirmar nova senha", { exact: true }).press("Enter")
  await expect(proceed).toBeDisabled()
  expect(page.url()).not.toContain("minhasenha1")

  release()
  await expect(proceed).toBeEnabled()
  await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("minhasenha1")
  await expect(page.getByLabel("Confirmar nova senha", { exact: true })).toHaveValue("minhasenha1")
  expect(page.url()).toMatch(/\/choose-password\?code=CodigoDoLink&redirectTo=%2Fdemo$/)
  expect(found).toEqual([])
})

test("the interest form keeps every field typed before the app takes it over, masks included", async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto("/tenho-interesse", { waitUntil: "commit" })
  const send = page.getByRole("button", { name: "Enviar" })
  await page.getByRole("textbox", { name: "Instagram" }).fill("anacria")
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("ana@example.com")
  await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill("ana@example.com")
  await page.getByRole("textbox", { name: "WhatsApp" }).fill("11987654321")
  await expect(send).toBeDisabled()

  release()
  await expect(page.getByRole("textbox", { name: "WhatsApp" })).toHaveValue("(11) 98765-4321")
  await expect(page.getByRole("textbox", { name: "Instagram" })).toHaveValue("@anacria")
  await expect(page.getByRole("textbox", { name: "Confirmar e-mail" })).toHaveValue(
    "ana@example.com",
  )
  // Valid as the app reads it: the button is enabled without typing anything again.
  await expect(send).toBeEnabled()
})

test("the sign-in step drawn by the server fills in the e-mail this browser remembers", async ({
  page,
}) => {
  const found = problems(page)
  await page.goto("/demo/auth/email")
  const email = page.getByRole("textbox", { name: "E-mail" })
  await email.fill(demo.subscriber)
  await page.getByRole("button", { name: "Continuar" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/password$/)

  for (const path of ["/demo/auth/email", "/demo/auth/recovery/email"]) {
    await page.goto(path)
    await expect(page.getByRole("textbox", { name: "E-mail" }), path).toHaveValue(demo.subscriber)
  }
  expect(found).toEqual([])
})

test.describe("from a phone of its own", () => {
  // It signs in: an address of its own keeps it clear of the other journeys' login limit.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.185" } })

  test("the password steps drawn by the server fill in the e-mail once the app runs, or start again without one", async ({
    page,
    browser,
  }) => {
    const found = problems(page)
    // Drawn by the server without the e-mail, which only the browser remembers.
    const html = await (await page.request.get("/demo/auth/password")).text()
    expect(html).toContain("Digite a sua senha")
    expect(html).not.toContain('<div id="root"></div>')

    await page.goto("/demo/auth/email")
    await page.getByRole("textbox", { name: "E-mail" }).fill(demo.subscriber)
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page).toHaveURL(/\/demo\/auth\/password$/)
    await page.goto("/demo/auth/register/password")
    await expect(page.getByText(`E-mail: ${demo.subscriber}`)).toBeVisible()
    await page.goto("/demo/auth/password")
    await expect(page.getByText(`Entrando como ${demo.subscriber}`)).toBeVisible()
    await page.getByLabel("Senha", { exact: true }).fill(demo.password)
    await page.getByRole("button", { name: "Continuar" }).click()
    await expect(page).not.toHaveURL(/\/auth\//)
    expect(found).toEqual([])

    // A browser that remembers no e-mail starts at the e-mail step.
    const fresh = await browser.newPage()
    for (const path of ["/demo/auth/password", "/demo/auth/register/password"]) {
      await fresh.goto(path)
      await expect(fresh, path).toHaveURL(/\/demo\/auth\/email$/)
    }
    await fresh.close()
  })
})
