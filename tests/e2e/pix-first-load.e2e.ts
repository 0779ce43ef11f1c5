import { expect, test, type APIRequestContext } from "@playwright/test"
import { earlyLeft, newEmail, openWithSession } from "./support.ts"

// Its Pix purchases come from an address of their own: the checkout's limits count per address.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.210" } })

/** A new buyer's monthly Pix on demo, as the checkout leaves her: signed in, code waiting. */
async function pixBuyer(request: APIRequestContext) {
  const health = await request.get("/v1/health")
  const cookie = health.headers()["set-cookie"]?.match(/XSRF-TOKEN=([^;]+)/)?.[1]
  const answer = await request.post("/v1/demo/iugu/subscription/pix", {
    headers: { "x-xsrf-token": decodeURIComponent(cookie ?? "") },
    data: { email: newEmail("pix-early"), planName: "MONTHLY", typeAuth: "new_user", token: "e2e" },
  })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { auth: { accessToken: string } }).auth.accessToken
}

test("a Pix buyer's code page asks for her subscription once, with the HTML, and shows the code", async ({
  page,
  request,
}) => {
  const reads = await openWithSession(page, await pixBuyer(request), "/demo/checkout/qrcodeurl")
  await expect(page.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(
    /^000201/,
  )
  expect(reads.filter((path) => path === "/v1/demo/subscription")).toHaveLength(1)
  expect(reads.filter((path) => path === "/v1/profile/demo")).toHaveLength(1)
  // The profile's highlights and counts are the profile page's: this page asks for neither.
  expect(reads.filter((path) => /^\/v1\/u\/demo\/(highlights|stats)$/.test(path))).toEqual([])
  // The app took every early answer instead of asking again.
  expect(await earlyLeft(page)).toEqual([])
  // The instructions still open over the code, and give focus back to their button.
  await page.getByRole("button", { name: "Entendi" }).click()
  await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Como pagar?" })).toBeFocused()
})

test("a Pix buyer's status page asks for her subscription once, with the HTML, and loads the QR's code with its tab", async ({
  page,
  request,
}) => {
  const bodies: Array<Promise<string>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text())
  })
  // A string of the QR library's that survives minification.
  const drawsQr = async () => (await Promise.all(bodies)).join("\n").includes("BitMatrix size")
  const reads = await openWithSession(page, await pixBuyer(request), "/demo/payment/status")
  await expect(page.getByRole("textbox", { name: "Código PIX copia e cola" })).toHaveValue(
    /^000201/,
  )
  expect(reads.filter((path) => path === "/v1/demo/subscription")).toHaveLength(1)
  expect(await earlyLeft(page)).toEqual([])
  // The code to copy opens first: the QR's drawing code comes with its tab.
  await expect(page.getByRole("region", { name: "Ambiente de teste" })).toBeVisible()
  expect(await drawsQr()).toBe(false)
  await page.getByRole("tab", { name: "QRCode", exact: true }).click()
  await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible()
  expect(await drawsQr()).toBe(true)
})
