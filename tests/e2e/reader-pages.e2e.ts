import { expect, test, type Page } from "@playwright/test"
import { keepDrawnNodes, problems, takenOver } from "./page-watch.ts"
import { newEmail } from "./support.ts"

// Its Pix purchases come from an address of their own: the checkout's limits count per address.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.211" } })

/**
 * A new buyer's monthly Pix on demo, bought from this browser as the checkout buys it: the
 * answer's cookies (the session's, and the reader's pass) land in the browser, and the app
 * keeps the token. Returns her code.
 */
async function buyPix(page: Page): Promise<string> {
  await page.goto("/v1/health")
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value
  const answer = await page.request.post("/v1/demo/iugu/subscription/pix", {
    headers: { "x-xsrf-token": decodeURIComponent(xsrf ?? "") },
    data: { email: newEmail("leitora"), planName: "MONTHLY", typeAuth: "new_user", token: "e2e" },
  })
  expect(answer.ok()).toBe(true)
  const { auth, subscription } = (await answer.json()) as {
    auth: { accessToken: string }
    subscription: { payment: { pixCode: string } }
  }
  await page.evaluate((accessToken) => {
    localStorage.setItem("auth", JSON.stringify({ email: null, accessToken, account: null }))
    localStorage.setItem("accessToken", accessToken)
  }, auth.accessToken)
  return subscription.payment.pixCode
}

test("a buyer who opens her Pix page again finds her code in its HTML, and the app takes it over", async ({
  page,
}) => {
  const code = await buyPix(page)
  const html = await (await page.request.get("/demo/checkout/qrcodeurl")).text()
  expect(html).toContain(code)
  expect(html).toContain('data-slot="qr-code" src="data:image/svg+xml,')

  const found = problems(page)
  await keepDrawnNodes(page)
  await page.goto("/demo/checkout/qrcodeurl")
  const taken = await takenOver(page)
  expect(taken.drawn).toBeGreaterThan(15)
  expect(taken.replaced).toEqual([])
  expect(taken.hydrated).toBe(taken.drawn)

  // Taken over, it works: the instructions open over the code, and a payment leads on.
  await page.getByRole("button", { name: "Entendi" }).click()
  await expect(page.getByRole("button", { name: "Como pagar?" })).toBeFocused()
  await expect(page.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(code)
  await page.getByRole("button", { name: "Simular pagamento" }).click()
  await expect(page).toHaveURL(/\/demo\/checkout\/success/)
  expect(found).toEqual([])
})

test("her payment status comes drawn too; once she signs out, nothing of hers comes with the page", async ({
  page,
}) => {
  const code = await buyPix(page)
  const found = problems(page)
  await keepDrawnNodes(page)
  await page.goto("/demo/payment/status")
  const taken = await takenOver(page)
  expect(taken.drawn).toBeGreaterThan(30)
  expect(taken.replaced).toEqual([])
  await expect(page.getByRole("textbox", { name: "Código PIX copia e cola" })).toHaveValue(code)
  expect(found).toEqual([])

  await page.goto("/demo/setting")
  await page.getByRole("button", { name: "Sair da conta" }).click()
  await expect(page).toHaveURL(/\/demo\/auth\/email$/)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("closer_reader")
  const after = await (await page.request.get("/demo/payment/status")).text()
  expect(after).not.toContain(code)
})
