import { CopyButton } from "../../components/copy-button.tsx"
import { QrCode } from "../../components/qr-code.tsx"
import { ReadOnlyValue } from "../../components/read-only-value.tsx"
import { Button } from "../../components/ui/button.tsx"
import { formatDate } from "../../domain/dates.ts"
import { COPY_CODE_ERROR } from "../../domain/messages.ts"
import { formatBRL } from "../../domain/money.ts"
import { frequencyPhrase, type RecurrenceFrequency } from "../../domain/pix-automatic.ts"
import { SandboxControls, type SandboxActions } from "./sandbox-controls.tsx"

export type PixTrialAuthorizationScreenProps = {
  /** The QR's copia e cola: it authorises the recurrence and pays nothing now. */
  pixCode: string
  /** The trial's end, when the first debit comes. */
  firstDebitAt: string
  /** The plan's total, fee included: the first debit and every one after it. */
  amountCents: number
  frequency: RecurrenceFrequency
  /** Access has started already: on to the profile. */
  onContinue: () => void
  /** Given only in the test environment: the bank's answer, simulated. */
  sandbox?: SandboxActions
  copyToClipboard?: (text: string) => Promise<void>
}

/**
 * A free trial on Pix Automático: access is open now, and this QR authorises the recurrence
 * whose first debit comes at the trial's end. Nothing is paid today.
 */
export function PixTrialAuthorizationScreen({
  pixCode,
  firstDebitAt,
  amountCents,
  frequency,
  onContinue,
  sandbox,
  copyToClipboard,
}: PixTrialAuthorizationScreenProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 pt-8 md:pt-16">
      <div className="flex flex-col items-center gap-2 text-center">
        <h1 className="text-3xl font-semibold">Seu teste grátis começou!</h1>
        <p className="text-muted">Autorize o Pix Automático para continuar depois do teste.</p>
      </div>

      <dl className="flex flex-col gap-1 tabular-nums">
        <div className="flex justify-between gap-4 text-lg font-semibold">
          <dt>Total hoje</dt>
          <dd>{formatBRL(0)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-muted">
          <dt>Primeiro débito em {formatDate(firstDebitAt)}</dt>
          <dd>{formatBRL(amountCents)}</dd>
        </div>
      </dl>

      <p className="text-sm">
        {`Este QR Code não cobra nada agora: ele autoriza o débito de ${formatBRL(amountCents)} ${frequencyPhrase(frequency)} (${frequency}), a partir de ${formatDate(firstDebitAt)}. Seu banco avisa antes de cada débito, e você pode cancelar até o dia anterior.`}
      </p>

      <div className="flex flex-col items-center gap-3">
        <QrCode value={pixCode} alt="QR Code do Pix Automático" />
      </div>

      <ReadOnlyValue label="Código Pix copia e cola" value={pixCode} rows={4} tone="surface" />

      {sandbox ? <SandboxControls {...sandbox} asks="authorization" /> : null}

      <div className="sticky bottom-0 -mx-4 mt-auto flex flex-col gap-2 bg-canvas px-4 pt-2 pb-4 md:static md:mx-0 md:px-0">
        <CopyButton text={pixCode} copy={copyToClipboard} block errorMessage={COPY_CODE_ERROR}>
          Copiar código!
        </CopyButton>
        <Button variant="secondary" block onClick={onContinue}>
          Ver o perfil
        </Button>
      </div>
    </main>
  )
}
