import { zodResolver } from "@hookform/resolvers/zod"
import { useState } from "react"
import { useForm } from "react-hook-form"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import {
  ACCOUNT_EXPORT_FILE_NAME,
  closeAccountBody,
  type CloseAccountInput,
} from "../../domain/account.ts"
import { errorMessage } from "../../domain/errors.ts"
import { FormTextField } from "../../components/ui/form-text-field.tsx"

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
      <Button variant="secondary" block onClick={() => setConfirming(true)}>
        {/* On the label: the variant's own text colour would win over a class on the button. */}
        <span className="text-danger-ink">Encerrar conta</span>
      </Button>
      <CloseAccountDialog
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAccount={onCloseAccount}
      />
    </Card>
  )
}

function CloseAccountDialog({
  open,
  onOpenChange,
  onCloseAccount,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAccount: AccountDataSectionProps["onCloseAccount"]
}) {
  const { control, handleSubmit, formState, setError, reset } = useForm<CloseAccountInput>({
    resolver: zodResolver(closeAccountBody),
    mode: "all",
    defaultValues: { password: "" },
  })
  const sending = formState.isSubmitting
  // Read here so the field shows its message once the form is submitted.
  const submitted = formState.isSubmitted

  const submit = handleSubmit(async ({ password }) => {
    try {
      await onCloseAccount(password)
      onOpenChange(false)
    } catch (error) {
      setError("password", { message: errorMessage(error) })
    }
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the request runs, the dialog stays: its outcome is shown in it.
        if (sending) return
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent title="Encerrar conta" hideClose={sending}>
        <div className="flex flex-col gap-2">
          <p>Ao encerrar a sua conta:</p>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>as renovações das suas assinaturas param e nenhuma nova cobrança é feita;</li>
            <li>você sai de todos os aparelhos e não poderá mais entrar nesta conta;</li>
            <li>
              o acesso ao conteúdo termina agora, mesmo que o período pago ainda não tenha acabado;
            </li>
            <li>
              seus dados pessoais são apagados seis meses após o encerramento, como diz a Política
              de Privacidade.
            </li>
          </ul>
        </div>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormTextField
            control={control}
            name="password"
            label="Senha"
            type="password"
            autoComplete="current-password"
            hint="Confirme com a senha que você usa para entrar."
            disabled={sending}
            showError={submitted || undefined}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={sending}
              onClick={() => {
                reset()
                onOpenChange(false)
              }}
            >
              Voltar
            </Button>
            <Button type="submit" variant="danger" loading={sending}>
              Encerrar minha conta
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
