import { expect, test, type Page, type Response } from "@playwright/test"
import { demo, logIn, newSubscriber, studioLogin } from "./support.ts"

// Its sign-ins come from an address of their own: the login limit counts per address.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.200" } })

test("a visitor's profile comes with its data in the page: the app asks the API for none of it", async ({
  page,
}) => {
  const reads: string[] = []
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === "GET" && path.startsWith("/v1/") && !path.startsWith("/v1/files/"))
      reads.push(path)
  })
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await page.waitForLoadState("networkidle")

  expect(reads.filter((path) => /^\/v1\/(profile|u)\//.test(path))).toEqual([])
  // The server left the early script out: the page carries what it would have asked for.
  expect(await page.evaluate(() => "__closerEarly" in window)).toBe(false)
})

test("a creator page the browser draws asks the API once for each first read, started before the app ran", async ({
  page,
}) => {
  const reads: string[] = []
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === "GET" && path.startsWith("/v1/")) reads.push(path)
  })
  // A page no visitor lands on from a link: the server leaves it to the browser.
  await page.goto("/demo/payment/off")
  await expect(page.getByRole("heading", { name: "As vendas estão pausadas" })).toBeVisible()

  expect(reads.filter((path) => path === "/v1/profile/demo")).toHaveLength(1)
  // index.html's early script asked for the profile; the app took that answer instead of asking.
  const early = await page.evaluate(() =>
    Object.keys((window as { __closerEarly?: object }).__closerEarly ?? { missing: true }),
  )
  expect(early).not.toContain("missing")
  expect(early.some((url) => url.endsWith("/v1/profile/demo"))).toBe(false)
})

test("a signed-in follower's reads are not answered early on pages that leave them to the app", async ({
  page,
}) => {
  await logIn(page, "demo", demo.subscriber, demo.password)
  // A page the browser draws, which carries the early script; her stories and Minha conta ask
  // early with her token (subscriber-first-load.e2e.ts).
  await page.goto("/demo/setting/cancel")
  await expect(page.getByRole("heading", { name: "Cancelar Assinatura" })).toBeVisible()
  expect(await page.evaluate(() => "__closerEarly" in window)).toBe(false)
})

test("a visitor's profile downloads no code that only other pages run", async ({ page }) => {
  const bodies: Array<Promise<string>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text())
  })
  await page.goto("/demo")
  await expect(page.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
  await page.waitForLoadState("networkidle")
  const code = (await Promise.all(bodies)).join("\n")
  expect(code.length).toBeGreaterThan(0)
  // Each marker is a string that survives minification, from code one page alone needs. Each
  // was once in the first download through a small import from a module every page loads.
  const offFirstLoad = {
    // zod (the models' schemas): forms and payment answers only.
    zod: "invalid_type",
    // The stories player's resume store, which signing out empties without importing it.
    "stories-store": "lastActivity",
    // The upload client (XMLHttpRequest for its progress): the Pix receipt and the studio.
    "api/upload": "XMLHttpRequest",
    // swr/mutation: 'Atualizar cartão'.
    "swr/mutation": "Can’t trigger the mutation",
  }
  for (const [module, marker] of Object.entries(offFirstLoad))
    expect(code.includes(marker), `${module} ("${marker}") is in /demo's scripts`).toBe(false)
})

test("the app's files arrive compressed with Brotli, and plain to a client that takes none", async ({
  request,
}) => {
  const html = await (await request.get("/demo")).text()
  // The libraries' chunk: the entry itself is a few hundred bytes, sent as it is.
  const entry = /<link rel="modulepreload" crossorigin href="(\/assets\/vendor-[^"]+)"/.exec(
    html,
  )?.[1]
  expect(entry).toBeDefined()
  const brotli = await request.get(entry!, { headers: { "accept-encoding": "br, gzip" } })
  expect(brotli.headers()["content-encoding"]).toBe("br")
  const plain = await request.get(entry!, { headers: { "accept-encoding": "identity" } })
  expect(plain.headers()["content-encoding"]).toBeUndefined()
  // The page itself, rendered for each visit, is compressed on the way out.
  const page = await request.get("/demo", { headers: { "accept-encoding": "br, gzip" } })
  expect(page.headers()["content-encoding"]).toBe("br")
})

test("the checkout opens without the card form's code, which arrives once the buyer starts filling it in", async ({
  page,
}) => {
  const scripts: string[] = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname)
  })
  await page.goto("/demo/checkout")
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible()
  await page.waitForLoadState("networkidle")
  const cardForm = (path: string) => /\/card-form-fields-[^/]+\.js$/.test(path)
  expect(scripts.filter(cardForm)).toEqual([])

  await page.getByRole("radio", { name: /Trimestral/ }).click()
  await expect.poll(() => scripts.some(cardForm)).toBe(true)
})

test("the code a first visit runs at once asks the browser to compile it while it downloads; code fetched later does not", async ({
  page,
}) => {
  const scripts = new Map<string, Response>()
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.set(new URL(response.url()).pathname, response)
  })
  // Read only when checked: a body still being read as the test ends fails it.
  const hinted = async (path: string) =>
    (await scripts.get(path)!.text()).startsWith("//# allFunctionsCalledOnLoad\n")

  await page.goto("/demo/checkout")
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible()
  await page.waitForLoadState("networkidle")
  const firstLoad = [...scripts.keys()]
  // The libraries, the app, the creator's pages and the checkout, each marked.
  for (const chunk of ["vendor", "app", "creator", "checkout"])
    expect(firstLoad.some((path) => path.startsWith(`/assets/${chunk}-`))).toBe(true)
  for (const path of firstLoad) expect(await hinted(path), path).toBe(true)

  await page.getByRole("radio", { name: /Trimestral/ }).click()
  const cardForm = (path: string) => /\/card-form-fields-[^/]+\.js$/.test(path)
  await expect.poll(() => [...scripts.keys()].some(cardForm)).toBe(true)
  expect(await hinted([...scripts.keys()].find(cardForm)!)).toBe(false)
})

test("a sign-in step loads none of the checkout's own code and no mask library; the checkout loads few files", async ({
  page,
}) => {
  const scripts = new Map<string, Response>()
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.set(new URL(response.url()).pathname, response)
  })
  // The checkout's chunk: what it shares with the sign-in steps is in a chunk of its own.
  const checkoutChunk = (path: string) => /^\/assets\/checkout-[\w-]{8}\.js$/.test(path)
  // A message of the mask library's (react-imask), which only masked fields load.
  const maskLibrary = "Masked class is not found for provided mask"

  for (const path of ["/demo/auth/email", "/demo/auth/recovery/email"]) {
    scripts.clear()
    await page.goto(path)
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible()
    await page.waitForLoadState("networkidle")
    expect([...scripts.keys()].filter(checkoutChunk), path).toEqual([])
    const code = await Promise.all([...scripts.values()].map((response) => response.text()))
    expect(code.join("\n").includes(maskLibrary), path).toBe(false)
  }

  scripts.clear()
  await page.goto("/demo/checkout")
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible()
  await page.waitForLoadState("networkidle")
  const firstLoad = [...scripts.keys()]
  expect(firstLoad.filter(checkoutChunk)).toHaveLength(1)
  // The entry, the runtime, the libraries, the app, the creator's pages, the checkout and what
  // it shares with the forms: split by the bundler, it was 19 files.
  expect(firstLoad.length, firstLoad.join(" ")).toBeLessThanOrEqual(8)
})

test("a follower's settings load none of the checkout's own code, and no zod", async ({ page }) => {
  await logIn(page, "demo", demo.visitor, demo.password)
  const scripts: string[] = []
  const bodies: Array<Promise<string>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return
    scripts.push(new URL(response.url()).pathname)
    bodies.push(response.text())
  })
  await page.goto("/demo/setting")
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible()
  await page.waitForLoadState("networkidle")
  expect(scripts.filter((path) => /^\/assets\/checkout-[\w-]{8}\.js$/.test(path))).toEqual([])
  // zod (about 25 KB gzip) arrives with the close-account form or a notification switch.
  expect((await Promise.all(bodies)).join("\n")).not.toContain("invalid_type")
})

test.describe("a subscriber's profile", () => {
  // Her sign-in and purchase come from an address of their own, apart from this file's others.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.213" } })

  test("opens without zod, which arrives with her first tap on the notification switch", async ({
    page,
    request,
  }) => {
    const { email, password } = await newSubscriber(request)
    await logIn(page, "demo", email, password)
    // The page she lands on settles first: its scripts are not the profile's.
    await page.waitForLoadState("networkidle")
    const bodies: Array<Promise<string>> = []
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.text())
    })
    const loaded = async () => (await Promise.all(bodies)).join("\n")
    await page.goto("/demo")
    const toggle = page.getByRole("switch", { name: "Avisar quando tiver novidade" })
    await expect(toggle).toHaveAttribute("aria-checked", "false")
    await page.waitForLoadState("networkidle")
    expect(await loaded()).not.toContain("invalid_type")

    await toggle.click()
    await expect(toggle).toHaveAttribute("aria-checked", "true")
    expect(await loaded()).toContain("invalid_type")
  })
})

test("a page the browser draws arrives naming its route's code, which downloads with the entry", async ({
  request,
}) => {
  const pages = {
    "/demo/auth/recovery/code": ["auth-layout-route", "recovery-code-route"],
    "/demo/setting": ["creator", "settings-route"],
    "/studio/conteudo": ["studio-layout-route", "studio-content-route"],
  }
  for (const [path, chunks] of Object.entries(pages)) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf("</head>"))
    for (const chunk of chunks)
      expect(head, path).toMatch(
        new RegExp(`rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]{8}\\.js"`),
      )
  }
})

test("the public forms open without zod, which arrives once the visitor starts on a field and still says what is wrong", async ({
  page,
}) => {
  const bodies: Array<Promise<string>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text())
  })
  // A message of zod's that survives minification.
  const zod = "invalid_type"
  const loadedCode = async () => (await Promise.all(bodies)).join("\n")

  for (const [path, field] of [
    ["/demo/auth/email", "E-mail"],
    ["/demo/auth/recovery/email", "E-mail"],
    ["/tenho-interesse", "Instagram"],
    ["/studio/entrar", "E-mail ou usuário"],
    ["/admin/entrar", "E-mail ou usuário"],
  ] as const) {
    bodies.length = 0
    await page.goto(path)
    await expect(page.getByRole("textbox", { name: field, exact: true })).toBeVisible()
    await page.waitForLoadState("networkidle")
    expect((await loadedCode()).includes(zod), path).toBe(false)
  }

  bodies.length = 0
  await page.goto("/demo/auth/email")
  const email = page.getByRole("textbox", { name: "E-mail", exact: true })
  // The server drew the field: the visitor here starts once the app has taken it over, as the
  // check on leaving a field is the app's (on a busy machine the typing could come first).
  await expect
    .poll(() => email.evaluate((node) => Object.keys(node).some((k) => k.startsWith("__react"))))
    .toBe(true)
  await email.fill("ana@")
  await email.blur()
  await expect(email).toHaveAccessibleDescription("Email inválido")
  expect(await loadedCode()).toContain(zod)
})

// A name of Radix's dismissable layer, which every dialog (and nothing drawn at once) runs.
const dialogCode = "dismissableLayer.pointerDownOutside"
const otherContentTabs = /\/(studio-photos-panel|studio-highlights-panel|scheduled-posts-panel)-/

/** The scripts a signed-in page loads until the network is idle, and whether any is a dialog's. */
async function firstLoadOf(page: Page, path: string, heading: string) {
  const scripts = new Map<string, Response>()
  const listener = (response: Response) => {
    if (response.request().resourceType() === "script")
      scripts.set(new URL(response.url()).pathname, response)
  }
  page.on("response", listener)
  await page.goto(path)
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible()
  await page.waitForLoadState("networkidle")
  page.off("response", listener)
  const code = (await Promise.all([...scripts.values()].map((response) => response.text()))).join(
    "\n",
  )
  return {
    files: [...scripts.keys()],
    dialog: code.includes(dialogCode),
    // A message of zod's that survives minification.
    zod: code.includes("invalid_type"),
  }
}

test("the studio's pages load no dialog until one opens, and its content only the first tab", async ({
  page,
}) => {
  await studioLogin(page, "studio", demo.creator)
  const pages: Array<[string, string]> = [
    ["/studio/assinantes", "Assinantes"],
    ["/studio/conteudo", "Conteúdo"],
  ]
  for (const [path, heading] of pages) {
    const { files, dialog } = await firstLoadOf(page, path, heading)
    expect(dialog, path).toBe(false)
    expect(
      files.filter((file) => otherContentTabs.test(file)),
      path,
    ).toEqual([])
  }
  // A tab's panel arrives once she picks it.
  const later: string[] = []
  page.on("request", (request) => later.push(new URL(request.url()).pathname))
  await page.getByRole("tab", { name: "Fotos" }).click()
  await expect(page.getByRole("heading", { name: "Fotos" })).toBeVisible()
  expect(later.some((file) => otherContentTabs.test(file))).toBe(true)
})

test("the studio's pages open without zod, which arrives once she starts on a form and still says what is wrong", async ({
  page,
}) => {
  await studioLogin(page, "studio", demo.creator)
  for (const [path, heading] of [
    ["/studio/numeros", "Números"],
    ["/studio/planos", "Planos"],
    ["/studio/recebimento", "Recebimento"],
    ["/studio/conteudo", "Conteúdo"],
    ["/studio/assinantes", "Assinantes"],
    ["/studio/cupons", "Cupons"],
    ["/studio/perfil", "Perfil"],
  ] as const)
    expect((await firstLoadOf(page, path, heading)).zod, path).toBe(false)
  // On Perfil, the last page opened: the form's schema comes with her first focus.
  const later: Array<Promise<string>> = []
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") later.push(response.text())
  })
  const bio = page.getByLabel("Bio")
  await bio.fill("a".repeat(501))
  await bio.blur()
  await expect(page.getByText("A bio pode ter até 500 caracteres")).toBeVisible()
  expect((await Promise.all(later)).join("\n")).toContain("invalid_type")
})

test("the operator's pages open without zod", async ({ page }) => {
  await studioLogin(page, "admin", "admin@demo.com.br")
  for (const [path, heading] of [
    ["/admin/leads", "Leads"],
    ["/admin/criadoras", "Criadoras"],
    ["/admin/emails", "E-mails não entregues"],
  ] as const)
    expect((await firstLoadOf(page, path, heading)).zod, path).toBe(false)
})

test("the operator's leads and creators load no dialog until one opens", async ({ page }) => {
  await studioLogin(page, "admin", "admin@demo.com.br")
  const pages: Array<[string, string]> = [
    ["/admin/leads", "Leads"],
    ["/admin/criadoras", "Criadoras"],
  ]
  for (const [path, heading] of pages)
    expect((await firstLoadOf(page, path, heading)).dialog, path).toBe(false)
})

/** Opens `path` afresh and returns the API reads it made, and the early answers left untaken. */
async function readsOf(page: Page, path: string) {
  const reads: string[] = []
  const listener = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url())
    if (request.method() === "GET" && url.pathname.startsWith("/v1/"))
      reads.push(url.pathname + url.search)
  }
  page.on("request", listener)
  await page.goto(path)
  await page.waitForLoadState("networkidle")
  page.off("request", listener)
  const untaken = await page.evaluate(() =>
    Object.keys((window as { __closerEarly?: object }).__closerEarly ?? { missing: true }),
  )
  return { reads, untaken }
}

test.describe("signed-in pages started early", () => {
  // Two more sign-ins: from an address of their own, under the login limit.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.220" } })

  const areas: Array<["studio" | "admin", string, string[]]> = [
    [
      "studio",
      demo.creator,
      [
        "numeros",
        "perfil",
        "planos",
        "recebimento",
        "conteudo",
        // A reload on another tab: its list is the app's to read, once.
        "conteudo?aba=fotos",
        "assinantes",
      ],
    ],
    ["admin", "admin@demo.com.br", ["leads", "criadoras", "emails"]],
  ]
  for (const [area, email, sections] of areas)
    test(`each ${area} page asks for the session and its reads with the HTML, each once`, async ({
      page,
    }) => {
      await studioLogin(page, area, email)
      for (const section of sections) {
        const path = `/${area}/${section}`
        const { reads, untaken } = await readsOf(page, path)
        // The app took every answer the early script asked for, instead of asking again.
        expect(untaken, path).toEqual([])
        expect(
          reads.filter((read) => read === "/v1/auth/session"),
          path,
        ).toHaveLength(1)
        expect(
          reads.filter((read, index) => reads.indexOf(read) !== index),
          path,
        ).toEqual([])
      }
    })
})
