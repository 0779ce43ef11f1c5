import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState } from "react"
import { afterNextPaint } from "../../components/after-next-paint.ts"
import { CopyButton } from "../../components/copy-button.tsx"
import { Countdown } from "../../components/countdown.tsx"
import { QrCode } from "../../components/qr-code.tsx"
import { ReadOnlyValue } from "../../components/read-only-value.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { Instant } from "../../domain/dates.ts"
import { COPY_CODE_ERROR, PIX_EXPIRED } from "../../domain/messages.ts"
import type { Payment } from "../../domain/models.ts"
import { formatBRL } from "../../domain/money.ts"
import { frequencyPhrase, type RecurrenceFrequency } from "../../domain/pix-automatic.ts"
import { pixCodeExpiresAt } from "../../domain/statuses.ts"
import type { SandboxActions } from "./sandbox-controls.tsx"

// The instructions' dialog (Radix: focus trap, scroll lock) arrives once the code has painted,
// so the page opens without its code.
const loadInstructions = () => import("./pix-instructions-dialog.tsx")
const PixInstructionsDialog = lazy(async () => ({
  default: (await loadInstructions()).PixInstructionsDialog,
}))
const preloadInstructions = () => void loadInstructions()
// Only the test environment shows its buttons: production pages never load them.
const SandboxControls = lazy(async () => ({
  default: (await import("./sandbox-controls.tsx")).SandboxControls,
}))

export type PixPaymentView =
  | { status: "loading" }
  | {
      status: "ready"
      payment: Pick<Payment, "amountCents" | "pixCode" | "pixQrMask" | "createdAt" | "expiresAt">
    }

export type PixPaymentScreenProps = {
  view: PixPaymentView
  /** The current time; the container ticks it every second. */
  now: Instant
  /** Open the "Como pagar" instructions right away (first visit). */
  showInstructions?: boolean
  /** The code expired: the container goes back to checkout. */
  onExpired: () => void
  /**
   * Pix Automático's first payment (journey 3): this one code pays the first period and
   * authorises the recurring debit of `amountCents` at `frequency`.
   */
  automaticPix?: { amountCents: number; frequency: RecurrenceFrequency } | null
  /** Given only in the test environment. */
  sandbox?: SandboxActions
  copyToClipboard?: (text: string) => Promise<void>
}

export function PixPaymentScreen({
  view,
  now,
  showInstructions = false,
  onExpired,
  automaticPix,
  sandbox,
  copyToClipboard,
}: PixPaymentScreenProps) {
  const { showAlert } = useAlert()
  const [instructionsOpen, setInstructionsOpen] = useState(false)
  // Mounted from the first opening on, so it closes as a dialog always there does.
  const [instructionsWanted, setInstructionsWanted] = useState(false)
  const howToPay = useRef<HTMLButtonElement>(null)
  const ready = view.status === "ready"
  // Opened over the code once it has painted: the dialog's focus trap and scroll lock measure
  // the page, which would otherwise hold the QR code back on a slow phone.
  useEffect(() => {
    if (!showInstructions || !ready) return
    return afterNextPaint(() =>
      // A transition: React draws the dialog in short slices the phone can answer taps between.
      startTransition(() => {
        setInstructionsWanted(true)
        setInstructionsOpen(true)
      }),
    )
  }, [showInstructions, ready])

  if (view.status === "loading") return <PixPaymentSkeleton />
  const { payment } = view
  const code = payment.pixCode ?? ""

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 pt-8 md:pt-16">
      <div className="flex flex-col items-center gap-2 text-center">
        <h1 className="text-3xl font-semibold">Falta pouco!</h1>
        <p className="text-muted">Pague com Pix para liberar o seu acesso.</p>
        <p className="text-3xl font-semibold tabular-nums">{formatBRL(payment.amountCents)}</p>
        <Countdown
          label="O código expira em"
          expiresAt={pixCodeExpiresAt(payment)}
          now={now}
          onExpire={() => {
            showAlert({ type: "danger", message: PIX_EXPIRED })
            onExpired()
          }}
        />
      </div>

      {automaticPix ? <AutomaticPixNote {...automaticPix} /> : null}

      <div className="flex flex-col items-center gap-3">
        <QrCode value={code} mask={payment.pixQrMask} />
        <Button
          ref={howToPay}
          variant="link"
          aria-haspopup="dialog"
          aria-expanded={instructionsOpen}
          onPointerEnter={preloadInstructions}
          onFocus={preloadInstructions}
          onClick={() => {
            setInstructionsWanted(true)
            setInstructionsOpen(true)
          }}
        >
          Como pagar?
        </Button>
        {instructionsWanted ? (
          <Suspense fallback={null}>
            <PixInstructionsDialog
              open={instructionsOpen}
              onOpenChange={setInstructionsOpen}
              returnFocusTo={howToPay}
            />
          </Suspense>
        ) : null}
      </div>

      <ReadOnlyValue label="Código Pix copia e cola" value={code} rows={4} tone="surface" />

      <p className="text-center text-sm text-muted">
        Esta página se atualiza sozinha assim que o pagamento for confirmado.
      </p>

      {sandbox ? (
        <Suspense fallback={null}>
          <SandboxControls {...sandbox} />
        </Suspense>
      ) : null}

      {/* The main action stays within thumb reach while the page scrolls on phones. */}
      <div className="sticky bottom-0 -mx-4 mt-auto bg-canvas px-4 pt-2 pb-4 md:static md:mx-0 md:px-0">
        <CopyButton text={code} copy={copyToClipboard} block errorMessage={COPY_CODE_ERROR}>
          Copiar código!
        </CopyButton>
      </div>
    </main>
  )
}

function AutomaticPixNote({
  amountCents,
  frequency,
}: {
  amountCents: number
  frequency: RecurrenceFrequency
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-card border-2 border-brand bg-brand-soft px-4 py-3"
    >
      <h2 id={headingId} className="font-semibold">
        Pix Automático
      </h2>
      <p className="text-sm">
        {`Este QR Code paga o primeiro período e autoriza o débito de ${formatBRL(amountCents)} ${frequencyPhrase(frequency)} (${frequency}).`}
      </p>
      <p className="text-sm">
        Confirme o pagamento e a autorização no app do seu banco. Ele avisa antes de cada débito, e
        você pode cancelar até o dia anterior.
      </p>
    </section>
  )
}

function PixPaymentSkeleton() {
  return (
    <main
      aria-busy="true"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center gap-6 px-4 pt-8"
    >
      <h1 className="sr-only">Carregando pagamento Pix</h1>
      <Skeleton shape="text" className="h-8 w-1/2" />
      <Skeleton shape="text" className="h-8 w-1/3" />
      <Skeleton className="size-56" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="mt-auto mb-4 h-11 w-full" />
    </main>
  )
}
