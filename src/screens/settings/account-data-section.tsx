import { lazy, Suspense, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { ACCOUNT_EXPORT_FILE_NAME } from "../../domain/account-export.ts"
import { errorMessage } from "../../domain/errors.ts"

// The dialog, its form and its validation arrive when the person heads for the button, not
// with the settings: few people ever close their account.
const loadCloseAccountDialog = () => import("./close-account-dialog.tsx")
const CloseAccountDialog = lazy(async () => ({
  default: (await loadCloseAccountDialog()).CloseAccountDialog,
}))
const preloadCloseAccountDialog = () => void loadCloseAccountDialog()

export type AccountDataSectionProps = {
  /** Fetches everything kept about the person and saves it as a file; rejects on failure. */
  onExport: () => Promise<void>
  /**
   * Closes the account with the password; rejects with the API's error (a wrong password, too
   * many tries). On success the container signs out and leaves the page.
   */
  onCloseAccount: (password: string) => Promise<void>
}

type ExportState = { status: "idle" | "exporting" | "done" } | { status: "failed"; message: string }

/** "Seus dados" in Minha conta: the LGPD export and closing the account. */
export function AccountDataSection({ onExport, onCloseAccount }: AccountDataSectionProps) {
  const [exportState, setExportState] = useState<ExportState>({ status: "idle" })
  const [confirming, setConfirming] = useState(false)
  // Mounted from the first opening on, so it closes as a dialog always there does.
  const [dialogWanted, setDialogWanted] = useState(false)
  const exporting = exportState.status === "exporting"

  const runExport = async () => {
    setExportState({ status: "exporting" })
    try {
      await onExport()
      setExportState({ status: "done" })
    } catch (error) {
      setExportState({ status: "failed", message: errorMessage(error) })
    }
  }

  return (
    <Card aria-labelledby="account-data-title" role="region" className="flex flex-col gap-3">
      <CardTitle id="account-data-title">Seus dados</CardTitle>
      <p className="text-muted">
        Baixe uma cópia de tudo o que guardamos sobre você: conta, assinaturas, pagamentos, curtidas
        e registro de acessos.
      </p>
      <Button variant="secondary" block loading={exporting} onClick={() => void runExport()}>
        Exportar meus dados
      </Button>
      {exportState.status === "failed" ? (
        <p role="alert" className="text-sm text-danger-ink">
          {exportState.message}
        </p>
      ) : (
        <p aria-live="polite" className="text-sm text-muted empty:hidden">
          {exporting ? "Preparando o arquivo…" : null}
          {exportState.status === "done"
            ? `Pronto: o arquivo ${ACCOUNT_EXPORT_FILE_NAME} foi baixado.`
            : null}
        </p>
      )}
      <hr className="border-line" />
      <p className="text-muted">
        Encerrar a conta para as renovações e apaga seus dados pessoais seis meses depois.
      </p>
      <Button
        variant="secondary"
        block
        onPointerEnter={preloadCloseAccountDialog}
        onFocus={preloadCloseAccountDialog}
        onClick={() => {
          setDialogWanted(true)
          setConfirming(true)
        }}
      >
        {/* On the label: the variant's own text colour would win over a class on the button. */}
        <span className="text-danger-ink">Encerrar conta</span>
      </Button>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CloseAccountDialog
            open={confirming}
            onOpenChange={setConfirming}
            onCloseAccount={onCloseAccount}
          />
        </Suspense>
      ) : null}
    </Card>
  )
}
