import { lazy, Suspense, useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { StatusPill, type StatusPillProps } from "../../components/status-pill.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import {
  formatDateTime,
  LEAD_STATUS_LABELS,
  leadStatuses,
  type LeadStatus,
} from "../../domain/admin-labels.ts"
import type { AdminLead, LeadInvite } from "../../domain/admin.ts"
import { formatDate } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import { SelectField } from "../studio/studio-fields.tsx"

// The invitation's dialog and form arrive as the operator heads for its button, not with the list.
const loadLeadInviteDialog = () => import("./lead-invite-dialog.tsx")
const LeadInviteDialog = lazy(async () => ({
  default: (await loadLeadInviteDialog()).LeadInviteDialog,
}))
const preloadLeadInviteDialog = () => void loadLeadInviteDialog()

export type LeadsFilters = { q: string; status: LeadStatus | "all" }

export type AdminLeadsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; leads: AdminLead[] }

export type AdminLeadsScreenProps = {
  view: AdminLeadsView
  filters: LeadsFilters
  onFiltersChange: (filters: LeadsFilters) => void
  onRetry: () => void
  onSetContacted: (leadId: string, contacted: boolean) => Promise<void>
  /** Rejects with the API error; one naming `username` shows under that field. */
  onInvite: (leadId: string, values: { username: string; fullName: string }) => Promise<void>
  /** A new link replacing the one sent before; rejects with the API error. */
  onResendInvite: (leadId: string) => Promise<void>
}

const tones: Record<LeadStatus, StatusPillProps["tone"]> = {
  new: "warning",
  contacted: "neutral",
  invited: "success",
}

const statusOptions = [
  { value: "all" as const, label: "Todos" },
  ...leadStatuses.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] })),
]

/** What became of the invite's link, after the day it was sent. */
const inviteNotes: Record<LeadInvite["state"], (invite: LeadInvite) => string> = {
  pending: (invite) => `vale até ${formatDateTime(invite.expiresAt)}`,
  expired: (invite) => `expirou em ${formatDateTime(invite.expiresAt)}`,
  accepted: () => "aceito: ela já escolheu a senha",
}

/** "11987654321" -> "(11) 98765-4321"; other lengths as stored. */
const phone = (digits: string) =>
  digits.length === 11 ? `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}` : digits

export function AdminLeadsScreen({
  view,
  filters,
  onFiltersChange,
  onRetry,
  onSetContacted,
  onInvite,
  onResendInvite,
}: AdminLeadsScreenProps) {
  const { showAlert } = useAlert()
  const [inviting, setInviting] = useState<AdminLead | null>(null)
  // Mounted from the first invitation on, so it closes as a dialog always there does.
  const [dialogWanted, setDialogWanted] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)

  const toggle = async (lead: AdminLead) => {
    setBusy(lead.id)
    try {
      await onSetContacted(lead.id, lead.status === "new")
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  const resend = async (lead: AdminLead) => {
    setBusy(lead.id)
    try {
      await onResendInvite(lead.id)
      showAlert({
        type: "success",
        message: `Novo convite enviado para ${lead.email}. O link anterior não vale mais.`,
      })
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Buscar por instagram, e-mail ou WhatsApp"
          type="search"
          value={filters.q}
          onChange={(q) => onFiltersChange({ ...filters, q })}
        />
        <SelectField
          label="Situação"
          value={filters.status}
          options={statusOptions}
          onChange={(status) => onFiltersChange({ ...filters, status })}
        />
      </div>
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.leads.length === 0 ? (
        <EmptyState message="Nenhum lead encontrado." />
      ) : (
        <ul className="flex flex-col gap-2">
          {view.leads.map((lead) => (
            <li key={lead.id}>
              <Card
                role="region"
                aria-label={`Lead ${lead.instagram}`}
                className="flex flex-col gap-2"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <a
                    href={`https://instagram.com/${lead.instagram.replace(/^@/, "")}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="min-w-0 flex-1 truncate font-semibold text-link underline"
                  >
                    {lead.instagram}
                  </a>
                  <StatusPill tone={tones[lead.status]}>
                    {LEAD_STATUS_LABELS[lead.status]}
                  </StatusPill>
                  {lead.invite?.state === "expired" ? (
                    <StatusPill tone="danger">Convite expirado</StatusPill>
                  ) : null}
                </div>
                <p className="text-sm break-all">{lead.email}</p>
                <a
                  href={`https://wa.me/55${lead.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-link underline"
                >
                  WhatsApp {phone(lead.whatsapp)}
                </a>
                <p className="text-sm text-muted">
                  Recebido em {formatDate(lead.createdAt)}
                  {lead.contactedAt ? ` · contatado em ${formatDate(lead.contactedAt)}` : ""}
                </p>
                {lead.invitedAt ? (
                  <p className="text-sm text-muted">
                    Convite enviado em {formatDate(lead.invitedAt)}
                    {lead.invite ? ` · ${inviteNotes[lead.invite.state](lead.invite)}` : ""}
                  </p>
                ) : null}
                {lead.creatorUsername ? (
                  <p className="text-sm font-semibold">Página criada: /{lead.creatorUsername}</p>
                ) : null}
                {lead.invite?.state === "pending" || lead.invite?.state === "expired" ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant={lead.invite.state === "expired" ? "primary" : "secondary"}
                      loading={busy === lead.id}
                      onClick={() => void resend(lead)}
                    >
                      Reenviar convite
                    </Button>
                  </div>
                ) : lead.status === "invited" ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      loading={busy === lead.id}
                      onClick={() => void toggle(lead)}
                    >
                      {lead.status === "new" ? "Marcar como contatado" : "Desmarcar contato"}
                    </Button>
                    <Button
                      onPointerEnter={preloadLeadInviteDialog}
                      onFocus={preloadLeadInviteDialog}
                      onClick={() => {
                        setDialogWanted(true)
                        setInviting(lead)
                      }}
                    >
                      Convidar como criadora
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LeadInviteDialog lead={inviting} onInvite={onInvite} onClose={() => setInviting(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
