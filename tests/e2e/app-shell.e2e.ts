import { expect, test, type Page } from "@playwright/test"

/** Text that exists only in the checkout and Pix screens. */
const checkoutOnly = ["Compra segura", "Falta pouco!", "Número do cartão"]

/** The scripts a visit makes the browser load, with their text. */
async function scriptsLoaded(page: Page, visit: () => Promise<unknown>) {
  const urls: string[] = []
  const collect = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === "script") urls.push(request.url())
  }
  page.on("request", collect)
  await visit()
  page.off("request", collect)
  return Promise.all(
    urls.map(async (url) => ({ url, text: await (await page.request.get(url)).text() })),
  )
}

test("the landing and the profile load no checkout code; the checkout loads it", async ({
  page,
}) => {
  const landing = await scriptsLoaded(page, async () => {
    await page.goto("/")
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    // The splash goes once the first navigation has ended.
    await expect(page.getByRole("status", { name: "Carregando Closer" })).toHaveCount(0)
  })
  const profile = await scriptsLoaded(page, async () => {
    await page.goto("/demo")
    await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  })
  for (const script of [...landing, ...profile]) {
    for (const text of checkoutOnly) expect(script.text, script.url).not.toContain(text)
    expect(script.text, script.url).not.toContain("@storybook")
  }

  const checkout = await scriptsLoaded(page, async () => {
    await page.getByRole("button", { name: "Assinar Close Friends" }).click()
    await expect(page.getByText("Compra segura")).toBeVisible()
  })
  expect(checkout.some((s) => s.text.includes("Compra segura"))).toBe(true)
})

test("visits are logged as the spec's events, for the creator", async ({ page }) => {
  const events: unknown[] = []
  page.on("request", (request) => {
    if (request.url().endsWith("/v1/events")) events.push(request.postDataJSON())
  })
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await page.getByRole("link", { name: "Já sou assinante" }).click()
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible()
  await expect
    .poll(() => events)
    .toEqual(
      expect.arrayContaining([
        { name: "profile", username: "demo" },
        { name: "auth", username: "demo" },
        { name: "auth_email", username: "demo" },
      ]),
    )
  expect(events.filter((e) => (e as { name: string }).name === "profile")).toHaveLength(1)
})

test("the service worker keeps the app shell and static files, never the API or media", async ({
  page,
  context,
}) => {
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)

  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls.map((url) => new URL(url).pathname)
  })
  // The plain shell, never a page rendered with its data (which would stand in for another).
  expect(cached).toContain("/index.html")
  expect(cached).not.toContain("/demo")
  expect(cached.some((path) => path.startsWith("/assets/"))).toBe(true)
  expect(cached.filter((path) => path.startsWith("/v1/"))).toEqual([])

  // Offline, the shell still opens and says in pt-BR that the profile did not load.
  await context.setOffline(true)
  await page.reload()
  await expect(
    page.getByRole("heading", { name: "Não foi possível abrir este perfil" }),
  ).toBeVisible()
  await expect(page.getByText("Não foi possível conectar.")).toBeVisible()
})
