import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { Button } from "../../components/ui/button.tsx"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { useServerFieldErrors } from "../../components/ui/server-field-errors.ts"
import { closeAccountBody, type CloseAccountInput } from "../../domain/account.ts"
import { errorMessage } from "../../domain/errors.ts"

export type CloseAccountDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Rejects with the API's error (a wrong password, too many tries), shown on the field. */
  onCloseAccount: (password: string) => Promise<void>
}

/** Closing the account asks for the password, after saying what closing it means. */
export function CloseAccountDialog({
  open,
  onOpenChange,
  onCloseAccount,
}: CloseAccountDialogProps) {
  const serverErrors = useServerFieldErrors(zodResolver(closeAccountBody))
  const form = useForm<CloseAccountInput>({
    resolver: serverErrors.resolver,
    mode: "all",
    defaultValues: { password: "" },
  })
  const { control, handleSubmit, formState, setError, reset } = form
  const sending = formState.isSubmitting
  // Read here so the field shows its message once the form is submitted.
  const submitted = formState.isSubmitted

  const submit = handleSubmit(async ({ password }) => {
    try {
      await onCloseAccount(password)
      onOpenChange(false)
    } catch (error) {
      // A wrong password is kept on it; anything else (too many tries) may pass if sent again.
      if ((error as { code?: string }).code === "wrong_password")
        serverErrors.show(form, "password", errorMessage(error))
      else setError("password", { message: errorMessage(error) })
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
