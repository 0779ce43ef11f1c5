import { expect, test } from "@playwright/test"

test("a visitor's profile asks the API once for each first read, started before the app ran", async ({
  page,
}) => {
  const reads: string[] = []
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === "GET" && path.startsWith("/v1/")) reads.push(path)
  })
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()

  expect(reads.filter((path) => path === "/v1/profile/demo")).toHaveLength(1)
  // index.html's early script asked for the profile; the app took that answer instead of asking.
  const early = await page.evaluate(() =>
    Object.keys((window as { __closerEarly?: object }).__closerEarly ?? { missing: true }),
  )
  expect(early).not.toContain("missing")
  expect(early.some((url) => url.endsWith("/v1/profile/demo"))).toBe(false)
})

test("a signed-in follower's reads are not answered early, as they depend on who asks", async ({
  page,
}) => {
  await page.goto("/")
  await page.evaluate(() => localStorage.setItem("accessToken", "token-de-teste"))
  await page.goto("/demo")
  await expect(page.getByText("Duda Demo").first()).toBeVisible()
  expect(await page.evaluate(() => "__closerEarly" in window)).toBe(false)
})

test("the app's files arrive compressed with Brotli, and plain to a client that takes none", async ({
  request,
}) => {
  const html = await (await request.get("/demo")).text()
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1]
  expect(entry).toBeDefined()
  const brotli = await request.get(entry!, { headers: { "accept-encoding": "br, gzip" } })
  expect(brotli.headers()["content-encoding"]).toBe("br")
  const plain = await request.get(entry!, { headers: { "accept-encoding": "identity" } })
  expect(plain.headers()["content-encoding"]).toBeUndefined()
})
