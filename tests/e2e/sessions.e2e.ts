import { expect, test, type Page } from "@playwright/test"
import { logIn, newSubscriber } from "./support.ts"

/** Puts a token the server refuses where the app keeps the access token, as if it had expired. */
async function spoilAccessToken(page: Page) {
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem("auth") ?? "{}") as Record<string, unknown>
    localStorage.setItem("auth", JSON.stringify({ ...auth, accessToken: "vencido" }))
    localStorage.setItem("accessToken", "vencido")
  })
}

// Logins are limited per address; this journey's own keeps it clear of the other journeys'.
const ownAddress = { "X-Forwarded-For": "198.51.100.70" }
test.use({ extraHTTPHeaders: ownAddress })

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken"))

test("the app renews an expired access token by itself, and 'Sair de todos os dispositivos' ends every device's session", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { email, password } = await newSubscriber(request)
  await logIn(page, "demo", email, password)
  await expect(page).toHaveURL(/\/demo$/)

  await test.step("an expired access token is renewed with the refresh cookie, unseen", async () => {
    await spoilAccessToken(page)
    const renewed = page.waitForResponse(/\/v1\/auth\/refresh$/)
    await page.goto("/demo/setting")
    expect((await renewed).status()).toBe(200)
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByRole("region", { name: "Assinatura" })).toContainText("ativa")
    await expect.poll(() => storedToken(page)).not.toBe("vencido")
  })

  await test.step("another device logs out everywhere", async () => {
    const laptop = await browser.newContext({
      baseURL,
      locale: "pt-BR",
      extraHTTPHeaders: ownAddress,
    })
    const other = await laptop.newPage()
    await logIn(other, "demo", email, password)
    await other.goto("/demo/setting")
    await other.getByRole("button", { name: "Sair de todos os dispositivos" }).click()
    const confirm = other.getByRole("alertdialog", { name: "Sair de todos os dispositivos?" })
    await confirm.getByRole("button", { name: "Sair de todos" }).click()
    await expect(other).toHaveURL(/\/demo\/auth/)
    await expect(other.getByRole("alert")).toContainText("Você saiu de todos os dispositivos.")
    await laptop.close()
  })

  await test.step("this device is signed out at its next request", async () => {
    const refused = page.waitForResponse(/\/v1\/auth\/refresh$/)
    await page.goto("/demo/setting")
    expect((await refused).status()).toBe(401)
    await expect.poll(() => storedToken(page)).toBeNull()
    await expect(page.getByText("Efetue o cadasto ou o login da sua conta")).toBeVisible()
    await expect(page.getByRole("button", { name: "Sair da conta" })).toHaveCount(0)
  })
})
