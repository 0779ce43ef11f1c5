import { expect, test } from "@playwright/test"
import { setServerClockOffset } from "./server-clock.ts"
import { logIn, newSubscriber, png, studioLogin } from "./support.ts"

/**
 * A story scheduled in the studio reaches subscribers only once its time has come. The journeys'
 * server runs on a clock this journey moves (tests/e2e/server-clock.ts): the story is scheduled
 * for a whole minute ahead, seen hidden, and then the server's clock is moved just past that
 * minute, so the publishing job takes it at its next run while the real minute is still ahead.
 * The clock goes back to the real time at the end, whatever happens. Playwright's page clock is
 * left alone: it moves only the browser's time.
 */

// A phone of its own: the logins here do not spend other journeys' per-address limits.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.120" } })

const minute = 60_000

/** São Paulo's date ("yyyy-MM-dd") and time ("HH:mm") of an instant, as the form's inputs take them. */
function saoPaulo(at: Date) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  }
}

test("a creator schedules a story, and a subscriber sees it only after its time", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const creator = await browser.newPage()
  const fan = await browser.newPage()
  const subscriber = await newSubscriber(fan.request)
  const position = fan.getByRole("dialog").getByRole("status")

  await test.step("the subscriber signs in and sees the five stories out", async () => {
    await logIn(fan, "demo", subscriber.email, subscriber.password)
    await fan.goto("/demo")
    await fan.getByRole("button", { name: "Ver stories de @demo" }).click()
    await expect(position).toHaveText(/^Story 1 de 5/)
    await fan.getByRole("dialog").getByRole("button", { name: "Fechar" }).click()
  })

  // The first whole minute at least 60 s ahead (the form takes minutes, and must be in the
  // future): time enough to schedule it and look once, and for the moved clock to publish it,
  // before the real minute comes.
  const at = new Date(Math.ceil((Date.now() + 60_000) / minute) * minute)
  const when = saoPaulo(at)

  await test.step("the creator schedules a story for that minute", async () => {
    await studioLogin(creator, "studio", "criadora@demo.com.br")
    await creator.getByRole("link", { name: "Conteúdo" }).click()
    await expect(creator.getByRole("heading", { name: "Stories" })).toBeVisible()
    await creator.getByLabel("Data", { exact: true }).fill(when.date)
    await creator.getByLabel("Horário", { exact: true }).fill(when.time)
    await creator.getByLabel("Programar story", { exact: true }).setInputFiles({
      name: "programado.png",
      mimeType: "image/png",
      buffer: png,
    })
    await expect(
      creator.getByRole("alert").filter({ hasText: "Story programado para" }),
    ).toContainText(when.time)
    await creator.getByRole("tab", { name: "Programados" }).click()
    await expect(
      creator.getByRole("listitem").filter({ hasText: "Story em imagem" }),
    ).toContainText(`às ${when.time}`)
  })

  await test.step("before its time, the subscriber still sees five", async () => {
    await fan.goto("/demo")
    await fan.getByRole("button", { name: "Ver stories de @demo" }).click()
    await expect(position).toHaveText(/^Story \d de 5/)
    await fan.getByRole("dialog").getByRole("button", { name: "Fechar" }).click()
    // Checked while the minute was still ahead.
    expect(Date.now()).toBeLessThan(at.getTime())
  })

  await test.step("the server's clock moves past its minute, and the story is there for her", async () => {
    try {
      await setServerClockOffset(at.getTime() - Date.now() + 1_000)
      await expect(async () => {
        // From the profile each time: the player's own address opens it without the avatar.
        await fan.goto("/demo")
        await fan.getByRole("button", { name: "Ver stories de @demo" }).click({ timeout: 5_000 })
        await expect(position).toHaveText(/^Story \d de 6/, { timeout: 3_000 })
      }).toPass({ timeout: 30_000, intervals: [1_000] })
      // Published by the moved clock: the real minute has not come yet.
      expect(Date.now()).toBeLessThan(at.getTime())
    } finally {
      await setServerClockOffset(0)
    }
  })

  await test.step("the studio no longer lists it as scheduled; she deletes it again", async () => {
    await creator.reload()
    await expect(creator.getByText(/Nada programado/)).toBeVisible({ timeout: 15_000 })
    await creator.getByRole("tab", { name: "Stories" }).click()
    // Newest first: the one just published.
    await creator
      .getByRole("button", { name: /^Apagar story de / })
      .first()
      .click()
    await creator.getByRole("alertdialog").getByRole("button", { name: "Apagar" }).click()
    await expect(creator.getByRole("alert").filter({ hasText: "Story apagado" })).toBeVisible()
  })
})
