import { expect, test, type APIRequestContext } from "@playwright/test"
import { demo, earlyLeft, openWithSession } from "./support.ts"

// Its sign-ins come from an address of their own: the login limit counts per address.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.221" } })

/** The seeded subscriber's access token, as signing in on a creator's page leaves it. */
async function subscriberToken(request: APIRequestContext) {
  await request.get("/v1/health")
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value
  const login = await request.post("/v1/auth/login", {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { usernameOrEmail: demo.subscriber, password: demo.password, token: "e2e" },
  })
  expect(login.ok()).toBe(true)
  return ((await login.json()) as { accessToken: string }).accessToken
}

const creatorReads = ["/v1/profile/demo"]
/** What only the profile page shows: no other page of the area asks for it. */
const profileReads = ["/v1/u/demo/highlights", "/v1/u/demo/stats"]

test("the stories open on reads asked once, with the HTML, with the subscriber's token", async ({
  page,
  request,
}) => {
  const reads = await openWithSession(page, await subscriberToken(request), "/demo/stories")
  await expect(page.getByRole("dialog", { name: "Stories de @demo" })).toBeVisible()
  await expect(page.getByRole("dialog").getByRole("status")).toHaveText(/^Story 1 de 5/)
  for (const path of [...creatorReads, "/v1/demo/subscription", "/v1/u/demo/stories?limit=100"])
    expect(
      reads.filter((read) => read === path),
      path,
    ).toHaveLength(1)
  expect(reads.filter((read) => profileReads.includes(read))).toEqual([])
  // Empty, not null: the early script asked, and the app took every answer instead of asking.
  expect(await earlyLeft(page)).toEqual([])
})

test("the visit, the viewer count and the chat wait until the first story's picture has arrived", async ({
  page,
  request,
}) => {
  // In the order the browser saw them: a story file's answer, and each later request.
  const seen: string[] = []
  page.on("requestfinished", (finished) => {
    if (/\/v1\/files\/.*\/stories\//.test(finished.url())) seen.push("story file")
  })
  page.on("request", (sent) => {
    const path = new URL(sent.url()).pathname
    if (/^\/v1\/(events|stories\/seen\/|support\/config)/.test(path))
      seen.push(path.split("/").slice(0, 3).join("/"))
  })
  const later = ["/v1/events", "/v1/stories", "/v1/support"].map((path) =>
    page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith(path)),
  )
  await openWithSession(page, await subscriberToken(request), "/demo/stories")
  await expect(page.getByRole("dialog").getByRole("status")).toHaveText(/^Story 1 de 5/)
  await Promise.all(later)
  expect(seen[0]).toBe("story file")
  expect(seen).toEqual(expect.arrayContaining(["/v1/events", "/v1/stories", "/v1/support"]))
})

test("Minha conta opens on reads asked once, with the HTML, with the subscriber's token", async ({
  page,
  request,
}) => {
  const reads = await openWithSession(page, await subscriberToken(request), "/demo/setting")
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible()
  await expect(page.getByText(demo.subscriber)).toBeVisible()
  const notifications = page.getByRole("region", { name: "Avisos de novidades" })
  await expect(notifications.getByRole("switch", { name: "@demo" })).toBeVisible()
  const pageReads = ["/v1/demo/subscription", "/v1/auth/session", "/v1/account/notifications"]
  for (const path of [...creatorReads, ...pageReads])
    expect(
      reads.filter((read) => read === path),
      path,
    ).toHaveLength(1)
  expect(reads.filter((read) => profileReads.includes(read))).toEqual([])
  expect(await earlyLeft(page)).toEqual([])
})
