import { readFileSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"
import { startPushServiceStub } from "../../server/test/push-service-stub.ts"
import { demo, linkInMailTo, logIn, newSubscriber, png, studioLogin } from "./support.ts"

/**
 * A follower opts in on the creator's profile, the creator posts a story, and the fan-out job
 * sends the Web Push to the browser's subscription. The push service is a local one (Chromium
 * headless reaches no real one): the app's PushManager subscription is given its endpoint, the
 * server's web-push encrypts and posts to it, and what it received is delivered to the page's
 * service worker through the DevTools protocol, as the real service would deliver it. The same
 * run queues the day's e-mail digest, whose one-click link turns her e-mails off.
 */

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.110" } })
test.setTimeout(120_000)

/** The service worker's notifications, as the phone's lock screen would list them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body }))
  })

test("a follower opts in, the creator posts, and the push subscription in Chromium receives it", async ({
  browser,
  request,
}) => {
  const push = await startPushServiceStub({
    key: readFileSync(".e2e-push/key.pem", "utf8"),
    cert: readFileSync(".e2e-push/cert.pem", "utf8"),
  })
  const subscription = push.browser()
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.110" },
  })
  await context.grantPermissions(["notifications"])
  // The browser's push service is the local one: the subscription the app gets carries its
  // endpoint and keys, exactly as PushSubscription.toJSON() gives them.
  await context.addInitScript(
    (given) => {
      const fake = { endpoint: given.endpoint, toJSON: () => given }
      PushManager.prototype.getSubscription = async () => null
      PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription
    },
    { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  )
  const fan = await context.newPage()
  const creator = await browser.newPage({
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.111" },
  })
  const cdp = await context.newCDPSession(fan)
  const registrations: { registrationId: string; scopeURL: string }[] = []
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) =>
    registrations.push(...updated),
  )
  await cdp.send("ServiceWorker.enable")
  let posted = false
  let subscriberEmail = ""

  try {
    await test.step("a subscriber turns on the creator's notifications from her profile", async () => {
      const { email, password } = await newSubscriber(request)
      subscriberEmail = email
      await logIn(fan, "demo", email, password)
      await fan.goto("/demo")
      const toggle = fan.getByRole("switch", { name: "Avisar quando tiver novidade" })
      await expect(toggle).toHaveAttribute("aria-checked", "false")
      await toggle.click()
      await expect(toggle).toHaveAttribute("aria-checked", "true")
      // No note: push works in this browser, the e-mail digest goes too.
      await expect(fan.getByRole("status").filter({ hasText: "e-mail" })).toHaveCount(0)
      await fan.reload()
      await expect(
        fan.getByRole("switch", { name: "Avisar quando tiver novidade" }),
      ).toHaveAttribute("aria-checked", "true")
    })

    await test.step("the creator posts a story from the studio", async () => {
      await studioLogin(creator, "studio", demo.creator)
      await creator.getByRole("link", { name: "Conteúdo" }).click()
      await creator.getByLabel("Enviar story", { exact: true }).setInputFiles({
        name: "novidade.png",
        mimeType: "image/png",
        buffer: png,
      })
      await expect(creator.getByRole("alert").filter({ hasText: "Story publicado" })).toBeVisible()
      posted = true
    })

    await test.step("the fan-out job pushes it, naming the creator and nothing else", async () => {
      await expect.poll(() => push.to(subscription).length, { timeout: 60_000 }).toBe(1)
      const [received] = push.to(subscription)
      expect(JSON.parse(received!.text)).toEqual({
        title: "Closer",
        body: "@demo publicou algo novo",
        url: "/demo",
        tag: "novidade-demo",
      })
      expect(received!.headers.authorization).toMatch(/^vapid t=/)
    })

    await test.step("the browser's service worker shows it as the lock screen would", async () => {
      const origin = new URL(fan.url()).origin
      const registration = registrations.find((r) => r.scopeURL === `${origin}/`)
      expect(registration, "the app's service worker is registered").toBeDefined()
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: registration!.registrationId,
        data: push.to(subscription)[0]!.text,
      })
      await expect
        .poll(() => shownNotifications(fan))
        .toEqual([{ title: "Closer", body: "@demo publicou algo novo" }])
    })

    await test.step("the digest e-mail's link turns her e-mails off in one click; push stays", async () => {
      const link = await linkInMailTo(
        subscriberEmail,
        /https?:\/\/\S+\/descadastrar\?token=[\w.-]+/,
      )
      await fan.goto(link)
      await expect(fan.getByRole("heading", { name: "E-mails desligados" })).toBeVisible()
      await expect(fan.getByRole("status")).toHaveText(
        "Pronto! Você não receberá mais e-mails de novidades de @demo.",
      )
      await fan.goto("/demo/setting")
      const notifications = fan.getByRole("region", { name: "Avisos de novidades" })
      await expect(notifications.getByText("· e-mails desligados")).toBeVisible()
      await expect(notifications.getByRole("switch", { name: "@demo" })).toHaveAttribute(
        "aria-checked",
        "true",
      )
    })
  } finally {
    // The demo's stories stay as other journeys count them.
    if (posted) {
      await creator
        .getByRole("button", { name: /^Apagar story de / })
        .first()
        .click()
      await creator.getByRole("alertdialog").getByRole("button", { name: "Apagar" }).click()
      await expect(creator.getByRole("alert").filter({ hasText: "Story apagado" })).toBeVisible()
    }
    await context.close()
    await push.close()
  }
})
