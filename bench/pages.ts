import { demoAccounts, newBuyerEmail, pixBuyer, signedInAs, typedEmail } from "./page-sessions.ts"
import type { BrowserState } from "./page-sessions.ts"

/**
 * Public pages are held to Lighthouse >= 95 and LCP < 2.0 s; signed-in pages (a subscriber's,
 * the studio's, the operator's) to >= 90 and LCP < 2.5 s.
 */
export type PageKind = "public" | "signed-in"

/** What one run of a page opens: the address, and what the browser holds before. */
export type PreparedPage = { path: string; state?: BrowserState }

export type BenchPage = {
  /** How the tables name the page. */
  name: string
  kind: PageKind
  /** Made fresh for every run: a page never opens on what an earlier run left behind. */
  prepare: (origin: string) => Promise<PreparedPage>
}

const open =
  (path: string, state?: (origin: string) => Promise<BrowserState> | BrowserState) =>
  async (origin: string): Promise<PreparedPage> => ({
    path,
    ...(state ? { state: await state(origin) } : {}),
  })

const visitorPage = (path: string): BenchPage => ({
  name: path,
  kind: "public",
  prepare: open(path),
})

const signedInPage = (path: string, who: keyof typeof demoAccounts): BenchPage => ({
  name: `${path} (${who})`,
  kind: "signed-in",
  prepare: open(path, (origin) => signedInAs(origin, demoAccounts[who])),
})

/** The three pages the budgets began with: the landing, a creator's page and its checkout. */
export const budgetedPages: BenchPage[] = ["/", "/demo", "/demo/checkout"].map(visitorPage)

/**
 * Every page a person opens from a link or a reload. The recovery's code and new-password steps
 * are left out: they exist only inside the tab that asked for the code (their state is kept in
 * memory), so a fresh load of them goes back to the auth start.
 */
export const allPages: BenchPage[] = [
  ...budgetedPages,
  ...["/tenho-interesse", "/doc/terms", "/doc/privacy"].map(visitorPage),
  ...["/demo/auth/email", "/demo/auth/recovery/email"].map(visitorPage),
  {
    name: "/demo/auth/password",
    kind: "public",
    prepare: open("/demo/auth/password", () => typedEmail(demoAccounts.visitor)),
  },
  {
    name: "/demo/auth/register/password",
    kind: "public",
    prepare: open("/demo/auth/register/password", () => typedEmail(newBuyerEmail())),
  },
  {
    name: "/choose-password (new buyer)",
    kind: "public",
    prepare: async (origin) => {
      const buyer = await pixBuyer(origin)
      return {
        path: `/choose-password?code=${encodeURIComponent(buyer.temporaryPassword)}`,
        state: buyer.state,
      }
    },
  },
  {
    name: "/demo/checkout/qrcodeurl (Pix)",
    kind: "public",
    prepare: async (origin) => ({
      path: "/demo/checkout/qrcodeurl",
      state: (await pixBuyer(origin)).state,
    }),
  },
  {
    name: "/demo/payment/status (Pix)",
    kind: "public",
    prepare: async (origin) => ({
      path: "/demo/payment/status",
      state: (await pixBuyer(origin)).state,
    }),
  },
  signedInPage("/demo", "subscriber"),
  signedInPage("/demo/stories", "subscriber"),
  signedInPage("/demo/setting", "subscriber"),
  // The studio's and the operator's sign-in, held to the public budget as every sign-in step is.
  ...["/studio/entrar", "/admin/entrar"].map(visitorPage),
  ...["numeros", "perfil", "planos", "recebimento", "conteudo", "assinantes", "cupons"].map((tab) =>
    signedInPage(`/studio/${tab}`, "creator"),
  ),
  ...["leads", "criadoras", "auditoria", "emails", "caixa-de-saida"].map((tab) =>
    signedInPage(`/admin/${tab}`, "operator"),
  ),
]

/**
 * Every page by default; BENCH_PAGES=budgeted measures the three budgeted ones only, and a list
 * of names (BENCH_PAGES="/doc/terms,/studio/conteudo (creator)") those pages alone.
 */
export function pagesToMeasure(): BenchPage[] {
  const which = process.env.BENCH_PAGES ?? "all"
  if (which === "all") return allPages
  if (which === "budgeted") return budgetedPages
  const names = which.split(",").map((name) => name.trim())
  const chosen = allPages.filter((page) => names.includes(page.name))
  if (chosen.length === names.length) return chosen
  throw new Error(
    `BENCH_PAGES must be all, budgeted or a list of these names: ${allPages.map((page) => page.name).join(", ")}`,
  )
}
