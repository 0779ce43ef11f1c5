import { useEffect, useState } from "react"
import { ErrorState } from "../../components/error-state.tsx"
import { StatusPill } from "../../components/status-pill.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { useServerFieldErrors } from "../../components/ui/server-field-errors.ts"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { formatDate } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { WhitelistInput } from "../../domain/studio.ts"
import { vipInviteLabel, vipInvitePendingLabel } from "../../domain/vip-invite-labels.ts"
import type { StudioVipInvite } from "../../domain/vip-invites.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"

// The form's schema, and zod with it, loads at the first focus or touch: the page draws without.
const whitelistResolver = lazyZodResolver<WhitelistInput, WhitelistInput>(() =>
  import("../../domain/studio.ts").then((studio) => studio.whitelistBody),
)

export type VipInvitesView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; invites: StudioVipInvite[] }

export type VipInvitesPanelProps = {
  /** Invitations not accepted yet, by the e-mail the creator typed. */
  view: VipInvitesView
  now: Date
  onRetry: () => void
  /** Resolves with the server's answer, the same for every e-mail. */
  onInvite: (email: string) => Promise<string>
  onWithdraw: (inviteId: string) => Promise<void>
}

/** The lista VIP by invitation: the form and the invitations waiting for an answer. */
export function VipInvitesPanel({
  view,
  now,
  onRetry,
  onInvite,
  onWithdraw,
}: VipInvitesPanelProps) {
  return (
    <Card role="region" aria-labelledby="vip-title" className="flex flex-col gap-4">
      <InviteForm onInvite={onInvite} />
      <section aria-labelledby="vip-invites-title" className="flex flex-col gap-2">
        <h3 id="vip-invites-title" className="font-semibold">
          Convites aguardando resposta
        </h3>
        {view.status === "loading" ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Carregando convites</span>
            {/* The height of "Nenhum convite…", the usual answer: the list below stays put. */}
            <Skeleton className="h-5" />
          </div>
        ) : view.status === "error" ? (
          <ErrorState message={view.message} onRetry={onRetry} />
        ) : view.invites.length === 0 ? (
          <p className="text-sm text-muted">Nenhum convite aguardando resposta.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {view.invites.map((invite) => (
              <li key={invite.inviteId}>
                <InviteRow invite={invite} now={now} onWithdraw={onWithdraw} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}

function InviteRow({
  invite,
  now,
  onWithdraw,
}: {
  invite: StudioVipInvite
  now: Date
  onWithdraw: (inviteId: string) => Promise<void>
}) {
  const { showAlert } = useAlert()
  const [busy, setBusy] = useState(false)
  const label = vipInviteLabel(invite, now)
  const withdraw = async () => {
    setBusy(true)
    try {
      await onWithdraw(invite.inviteId)
      showAlert({ type: "success", message: "Convite retirado" })
    } catch (error) {
      showAlert({ message: errorMessage(error) })
      setBusy(false)
    }
  }
  return (
    <div
      role="group"
      aria-label={invite.email}
      className="flex flex-wrap items-center gap-2 rounded-card border border-line p-3"
    >
      <div className="min-w-[12rem] flex-1">
        <p className="truncate font-semibold">{invite.email}</p>
        <p className="text-sm text-muted">Enviado em {formatDate(invite.invitedAt)}</p>
      </div>
      <StatusPill tone={label === vipInvitePendingLabel ? "warning" : "neutral"}>
        {label}
      </StatusPill>
      <Button variant="secondary" loading={busy} onClick={() => void withdraw()}>
        Retirar convite
      </Button>
    </div>
  )
}

type FormLibrary = typeof import("./invite-form-library.ts")
let formLibrary: FormLibrary | undefined
let loadingFormLibrary: Promise<FormLibrary> | undefined

/**
 * react-hook-form (a file of 13 KB gzip) arrives once the page has drawn, or at the first touch
 * of the form: the panel's text is the page's largest, and its first paint waited for the
 * library, which nothing needs before the person types or sends.
 */
export function loadInviteForm(): Promise<FormLibrary> {
  loadingFormLibrary ??= import("./invite-form-library.ts").then(
    (library) => (formLibrary = library),
    (error: unknown) => {
      loadingFormLibrary = undefined
      throw error
    },
  )
  return loadingFormLibrary
}

function useFormLibrary() {
  const [library, setLibrary] = useState(formLibrary)
  useEffect(() => {
    if (library) return
    const load = () => void loadInviteForm().then(setLibrary, () => {})
    if (!("requestIdleCallback" in window)) return void setTimeout(load, 200)
    const idle = window.requestIdleCallback(load, { timeout: 2000 })
    return () => window.cancelIdleCallback(idle)
  }, [library])
  return {
    library,
    loadNow: () => void loadInviteForm().then(setLibrary, () => {}),
  }
}

function InviteForm({ onInvite }: { onInvite: (email: string) => Promise<string> }) {
  const { library, loadNow } = useFormLibrary()
  // What is typed before the library arrives, and where the focus was, carry over to the form.
  const [draft, setDraft] = useState("")
  const [focused, setFocused] = useState(false)
  if (library)
    return (
      <LoadedInviteForm library={library} onInvite={onInvite} draft={draft} autoFocus={focused} />
    )
  return (
    <form
      onSubmit={(event) => event.preventDefault()}
      noValidate
      className="flex flex-col gap-3"
      onPointerDown={loadNow}
    >
      <InviteFormIntro />
      <TextField
        label="E-mail da pessoa"
        type="email"
        autoComplete="off"
        value={draft}
        onChange={setDraft}
        onFocus={() => {
          setFocused(true)
          loadNow()
        }}
        onBlur={() => setFocused(false)}
      />
      {/* Ready as soon as the form's code is: a tap before that would send nothing. */}
      <Button type="submit" disabled className="self-start">
        Enviar convite
      </Button>
    </form>
  )
}

function InviteFormIntro() {
  return (
    <>
      <CardTitle id="vip-title">Lista VIP</CardTitle>
      <p className="text-sm text-muted">
        Quem está na lista VIP vê o seu conteúdo sem pagar. Enviamos um convite para o e-mail, e a
        pessoa entra na lista quando aceitar.
      </p>
    </>
  )
}

function LoadedInviteForm({
  library: { Controller, useForm },
  onInvite,
  draft,
  autoFocus,
}: {
  library: FormLibrary
  onInvite: (email: string) => Promise<string>
  draft: string
  autoFocus: boolean
}) {
  const { showAlert } = useAlert()
  const serverErrors = useServerFieldErrors(useLazyZodResolver(whitelistResolver))
  const form = useForm<WhitelistInput>({
    resolver: serverErrors.resolver,
    mode: "all",
    defaultValues: { email: draft },
  })
  const { control, handleSubmit, reset, formState } = form
  const submitted = formState.isSubmitted
  const submit = handleSubmit(async ({ email }) => {
    try {
      showAlert({ type: "success", message: await onInvite(email.trim().toLowerCase()) })
      reset({ email: "" })
    } catch (error) {
      serverErrors.show(form, "email", errorMessage(error))
    }
  })
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <InviteFormIntro />
      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <TextField
            label="E-mail da pessoa"
            type="email"
            autoComplete="off"
            autoFocus={autoFocus}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            showError={fieldState.error?.type === "manual" || submitted || undefined}
          />
        )}
      />
      <Button type="submit" loading={formState.isSubmitting} className="self-start">
        Enviar convite
      </Button>
    </form>
  )
}
