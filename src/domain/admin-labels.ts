import { lazily, TIME_ZONE } from "./dates.ts"

/**
 * The operator tools' labels and formats without their zod schemas (admin.ts builds those and
 * exports these too): the operator's pages draw their first paint with these alone.
 */

export const leadStatuses = ["new", "contacted", "invited"] as const
export type LeadStatus = (typeof leadStatuses)[number]

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: "Novo",
  contacted: "Contatado",
  invited: "Convidado",
}

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat("pt-BR", {
      timeZone: TIME_ZONE,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }),
)

/** "dd/MM/yyyy HH:mm" in São Paulo: an audit needs the time of each change, not only the day. */
export function formatDateTime(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? "" : dateTime().format(date).replace(",", "")
}

/** Who made an audited change, in words: the buyer, the creator, a gateway or the system. */
export function auditActorLabel(
  actor: string,
  people: { buyerId?: string; creatorId?: string } = {},
): string {
  const [kind, id = ""] = actor.split(":", 2)
  if (kind === "account") {
    if (id && id === people.buyerId) return "Assinante"
    if (id && id === people.creatorId) return "Criadora"
    return `Conta ${id.slice(0, 8)}`
  }
  if (kind === "webhook") return `Aviso do gateway (${id})`
  if (kind === "job") return `Rotina automática (${id})`
  if (kind === "sandbox") return "Ambiente de testes"
  return actor
}
