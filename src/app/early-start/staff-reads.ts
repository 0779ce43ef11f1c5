import { SUBSCRIBERS_PAGE_SIZE } from "../../domain/cursor.ts"
import { appPages } from "../../domain/route-segments.ts"

/** What every page of the studio and the operator's area asks first: who is signed in. */
const areaReads = ["/v1/auth/session", "/v1/payments/config"]

/**
 * The reads each studio and operator page makes as it opens, with their default filters, as
 * src/api writes them (tests/e2e/first-load.e2e.ts checks that each is asked once).
 */
const pageReads: Record<string, Record<string, string[]>> = {
  [appPages.studio]: {
    numeros: ["/v1/studio/numbers?days=30"],
    perfil: ["/v1/studio/profile"],
    planos: ["/v1/studio/plans"],
    recebimento: ["/v1/studio/receiving"],
    // The stories alone: another tab's list is read once that tab shows (a reload on it reads
    // its list with the app), and Destaques picks among the stories.
    conteudo: ["/v1/studio/stories"],
    assinantes: [
      `/v1/studio/subscribers?limit=${SUBSCRIBERS_PAGE_SIZE}`,
      "/v1/studio/receipts?status=analyzing",
      "/v1/studio/whitelist/invites",
    ],
    cupons: [],
  },
  [appPages.admin]: {
    leads: ["/v1/admin/leads"],
    criadoras: ["/v1/admin/creators"],
    auditoria: [],
    emails: ["/v1/admin/mail/dead"],
    "caixa-de-saida": [],
  },
}

/**
 * The API paths a signed-in page of /studio or /admin reads first, or none for another page
 * (its login, an unknown section): asked with the HTML, they arrive while the code downloads
 * instead of once it has run, matched the address and checked the session.
 */
export function staffReads(area: string, section: string): string[] {
  const reads = pageReads[area]
  if (!reads || !Object.hasOwn(reads, section)) return []
  return [...areaReads, ...(reads[section] ?? [])]
}
