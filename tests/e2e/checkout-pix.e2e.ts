import { expect, test } from "@playwright/test"
import { choosePasswordAndSeeContent, newEmail } from "./support.ts"

test("a visitor subscribes with Pix as a new buyer, pays, chooses a password and sees the content", async ({
  page,
}) => {
  const email = newEmail("pix")

  await test.step("the profile shows bio, highlights and the subscribe box, not the photos", async () => {
    await page.goto("/demo")
    await expect(page.getByText("Bastidores, viagens e o dia a dia")).toBeVisible()
    const highlights = page.getByRole("region", { name: "Destaques" })
    for (const title of ["Viagens", "Rotina", "Favoritos"])
      await expect(highlights.getByText(title)).toBeVisible()
    await expect(page.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
    await expect(page.getByRole("button", { name: /Manhã de praia/ })).toHaveCount(0)
    await page.getByRole("button", { name: "Assinar Close Friends" }).click()
  })

  await test.step("checkout: plan, new e-mail, Pix", async () => {
    await expect(page).toHaveURL(/\/demo\/checkout$/)
    await page.getByRole("radio", { name: "Mensal" }).check()
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
    await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
    await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
    await page.getByRole("radio", { name: "Pix", exact: true }).check()
    await page.getByRole("button", { name: "Assinar" }).click()
  })

  await test.step("the Pix page waits for the payment", async () => {
    await expect(page).toHaveURL(/\/demo\/checkout\/qrcodeurl\?code=/)
    // The how-to-pay steps open first, over the page.
    await page.getByRole("button", { name: "Entendi" }).click()
    await expect(page.getByRole("heading", { name: "Falta pouco!" })).toBeVisible()
    await expect(page.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(
      /^000201/,
    )
    await page.getByRole("button", { name: "Simular pagamento" }).click()
    await expect(
      page.getByRole("heading", { name: "Pagamento realizado com sucesso!" }),
    ).toBeVisible({ timeout: 15_000 })
  })

  await test.step("chooses a password and lands on the unlocked profile with its stories", async () => {
    await choosePasswordAndSeeContent(page)
  })
})

test("a Pix code left unpaid for 30 minutes expires and takes the buyer back to the checkout", async ({
  page,
}) => {
  await page.clock.install()
  await page.goto("/demo/checkout")
  await page.getByRole("radio", { name: "Mensal" }).check()
  const email = newEmail("expira")
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Confirmar e-mail" }).fill(email)
  await expect(page.getByRole("radio", { name: "Pix", exact: true })).toBeEnabled()
  await page.getByRole("radio", { name: "Pix", exact: true }).check()
  await page.getByRole("button", { name: "Assinar" }).click()
  await page.getByRole("button", { name: "Entendi" }).click()
  await expect(page.getByRole("heading", { name: "Falta pouco!" })).toBeVisible()

  let polls = 0
  page.on("request", (request) => {
    if (request.url().endsWith("/v1/demo/subscription")) polls += 1
  })
  // Every 5 s while unpaid; the next wait starts when an answer arrives.
  for (const expected of [1, 2]) {
    const answered = page.waitForResponse(/\/v1\/demo\/subscription$/)
    await page.clock.runFor("00:06")
    await answered
    expect(polls).toBe(expected)
  }

  await page.clock.fastForward("30:01")
  await expect(page.getByRole("alert")).toHaveText(
    "O código Pix copia e cola expirou. Refaça o processo para gerar um novo código de pagamento.",
  )
  await expect(page).toHaveURL(/\/demo\/checkout$/)

  // Leaving the Pix page stops its polling.
  const pollsWhenLeft = polls
  await page.clock.runFor("00:20")
  expect(polls).toBe(pollsWhenLeft)
})
