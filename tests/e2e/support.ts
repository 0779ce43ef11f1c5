import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { expect, type APIRequestContext, type Page } from "@playwright/test"

/** The demo data of server/src/db/seed.ts. */
export const demo = {
  password: "demo1234",
  subscriber: "assinante@demo.com.br",
  visitor: "visitante@demo.com.br",
  creator: "criadora@demo.com.br",
}

/** A fresh e-mail per test, so journeys never depend on each other. */
export function newEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`
}

/** The outbox of the e2e server (scripts/e2e-server.mjs: DATA_DIR=.e2e-data). */
const outbox = path.resolve(".e2e-data", "outbox")

type OutboxMail = { to: string; subject: string; text: string }

/** The 6-digit code of the newest mail sent to `email`, waiting for it to arrive. */
export async function recoveryCodeFor(email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".json"))
      const mails = await Promise.all(
        names
          .sort()
          .reverse()
          .map(async (n) => JSON.parse(await readFile(path.join(outbox, n), "utf8")) as OutboxMail),
      )
      code = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
      return code
    })
    .toBeTruthy()
  return code!
}

/** Logs in through the creator's auth steps and waits for the page that follows. */
export async function logIn(
  page: Page,
  username: string,
  email: string,
  password: string,
  { succeeds = true } = {},
) {
  await page.goto(`/${username}/auth`)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByRole("button", { name: "Continuar" }).click()
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Continuar" }).click()
  if (!succeeds) return
  // Password hashing is deliberately slow; on a busy machine the answer can take a while.
  await expect(page).not.toHaveURL(/\/auth\/password$/, { timeout: 20_000 })
}

/** The creator's side of a journey, through the API as the studio would call it. */
export async function apiSession(request: APIRequestContext, email: string, password: string) {
  await request.get("/v1/health")
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value
  const login = await request.post("/v1/auth/login", {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { usernameOrEmail: email, password },
  })
  expect(login.ok()).toBe(true)
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { Authorization: `Bearer ${accessToken}`, "X-XSRF-TOKEN": xsrf }
  return {
    get: (path: string) => request.get(`/v1${path}`, { headers }),
    post: (path: string, data?: unknown) => request.post(`/v1${path}`, { headers, data }),
  }
}
