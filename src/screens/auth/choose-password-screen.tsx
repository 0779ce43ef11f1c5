import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { errorMessage } from "../../domain/errors.ts"
import { CHOOSE_PASSWORD_ERROR } from "../../domain/messages.ts"
import type { ChoosePasswordInput, ChoosePasswordOutput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { useHydrated } from "../../components/ui/use-hydrated.ts"
import { SiteHeader } from "../misc/site-header.tsx"
import { NewPasswordFields } from "./new-password-fields.tsx"

const choosePasswordResolver = lazyZodResolver<ChoosePasswordInput, ChoosePasswordOutput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.choosePasswordSchema),
)

const choosePasswordWithCurrentResolver = lazyZodResolver<
  ChoosePasswordInput,
  ChoosePasswordOutput
>(() =>
  import("../../domain/validation.ts").then(
    (validation) => validation.choosePasswordWithCurrentSchema,
  ),
)

export type ChoosePasswordScreenProps = {
  /** The link carried the current password or a temporary code: no current-password field. */
  hasCode: boolean
  /** Changes the password; the container then goes to `redirectTo`. */
  onSubmit: (values: ChoosePasswordOutput) => Promise<void>
}

export function ChoosePasswordScreen({ hasCode, onSubmit }: ChoosePasswordScreenProps) {
  const { showAlert } = useAlert()
  // Sent before the app runs, the server's form would go as a GET, the passwords in the address.
  const hydrated = useHydrated()
  const { control, handleSubmit, formState, trigger } = useForm<
    ChoosePasswordInput,
    unknown,
    ChoosePasswordOutput
  >({
    resolver: useLazyZodResolver(
      hasCode ? choosePasswordResolver : choosePasswordWithCurrentResolver,
    ),
    mode: "all",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  })

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      const reason = errorMessage(error, "")
      // The spec's message first; the server's reason (e.g. "Senha incorreta") under it.
      showAlert(
        reason
          ? { type: "danger", title: CHOOSE_PASSWORD_ERROR, message: reason }
          : { type: "danger", message: CHOOSE_PASSWORD_ERROR },
      )
    }
  })

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SiteHeader />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-8">
        <h1 className="text-2xl font-bold">Escolha uma senha</h1>
        <p className="mt-1 text-muted">Escolha um senha de sua preferência</p>
        <form noValidate onSubmit={submit} className="mt-6 flex flex-1 flex-col">
          <fieldset disabled={formState.isSubmitting} className="flex min-w-0 flex-col gap-4">
            <legend className="sr-only">Nova senha</legend>
            {hasCode ? null : (
              <FormTextField
                control={control}
                name="currentPassword"
                label="Senha atual"
                type="password"
                autoComplete="current-password"
              />
            )}
            <NewPasswordFields
              control={control}
              trigger={trigger}
              formState={formState}
              password={{
                name: "newPassword",
                label: "Nova senha",
                hint: "Pelo menos 6 caracteres.",
              }}
              confirmation={{ name: "confirmPassword", label: "Confirmar nova senha" }}
            />
          </fieldset>
          <div className="min-h-8 flex-1 sm:flex-none" />
          <Button
            type="submit"
            block
            disabled={!hydrated || !formState.isValid}
            loading={formState.isSubmitting}
          >
            Continuar
          </Button>
        </form>
      </main>
    </div>
  )
}
