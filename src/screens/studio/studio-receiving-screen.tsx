import { Controller, useForm, useWatch } from "react-hook-form"
import { ErrorState } from "../../components/error-state.tsx"
import { StatusPill, type StatusPillProps } from "../../components/status-pill.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { useServerFieldErrors } from "../../components/ui/server-field-errors.ts"
import { cn } from "../../components/ui/cn.ts"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { errorMessage } from "../../domain/errors.ts"
import { pixKeyTypes } from "../../domain/model-names.ts"
import type { PixKeyType } from "../../domain/models.ts"
import {
  CREDENTIAL_LABELS,
  GATEWAY_LABELS,
  gatewayUnavailableMessage,
  isGatewayUnavailable,
  type CredentialStatus,
} from "../../domain/studio-rules.ts"
import type { Receiving, ReceivingFormInput, ReceivingInput } from "../../domain/studio.ts"
import { PIX_KEY_TYPE_LABELS } from "../../domain/pix-keys.ts"
import type { FieldError } from "./studio-profile-screen.tsx"
import { SelectField, SwitchField } from "./studio-fields.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"

// The form's schema, and zod with it, loads at the first focus or touch: the page draws without.
const receivingResolver = lazyZodResolver<ReceivingFormInput, ReceivingFormInput>(() =>
  import("../../domain/studio.ts").then((studio) => studio.receivingFormSchema),
)

export type StudioReceivingView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; receiving: Receiving }

export type StudioReceivingScreenProps = {
  view: StudioReceivingView
  onRetry: () => void
  onSave: (change: ReceivingInput) => Promise<void>
}

export const RECEIVING_SAVED = "Forma de receber atualizada"

const tones: Record<CredentialStatus, StatusPillProps["tone"]> = {
  sandbox: "warning",
  configured: "success",
  missing: "danger",
}

const keyMasks: Partial<Record<PixKeyType, "phone" | "person">> = {
  phone: "phone",
  person: "person",
}

const keyPlaceholders: Record<PixKeyType, string> = {
  random: "123e4567-e89b-12d3-a456-426614174000",
  phone: "(11) 98765-4321",
  email: "voce@exemplo.com.br",
  person: "000.000.000-00",
}

export function StudioReceivingScreen({ view, onRetry, onSave }: StudioReceivingScreenProps) {
  if (view.status === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Carregando</span>
        <Skeleton className="h-64" />
        <Skeleton className="h-40" />
      </div>
    )
  }
  if (view.status === "error") return <ErrorState message={view.message} onRetry={onRetry} />
  return <ReceivingForm receiving={view.receiving} onSave={onSave} />
}

function ReceivingForm({
  receiving,
  onSave,
}: {
  receiving: Receiving
  onSave: StudioReceivingScreenProps["onSave"]
}) {
  const { showAlert } = useAlert()
  const serverErrors = useServerFieldErrors(useLazyZodResolver(receivingResolver))
  const form = useForm<ReceivingFormInput>({
    resolver: serverErrors.resolver,
    mode: "all",
    defaultValues: {
      paymentGateway: receiving.paymentGateway,
      pixType: receiving.pix?.type ?? "random",
      pixKey: receiving.pix?.key ?? "",
      migrating: receiving.migrating,
    },
  })
  const { control, handleSubmit, setValue, formState } = form
  const submitted = formState.isSubmitted
  const pixType = useWatch({ control, name: "pixType" })
  const gateway = useWatch({ control, name: "paymentGateway" })

  const submit = handleSubmit(async (values) => {
    try {
      await onSave({
        paymentGateway: values.paymentGateway,
        pix: values.pixKey.trim() ? { type: values.pixType, key: values.pixKey } : null,
        migrating: values.migrating,
      })
      showAlert({ type: "success", message: RECEIVING_SAVED })
    } catch (error) {
      const field = (error as FieldError).field
      if (field?.startsWith("pix")) serverErrors.show(form, "pixKey", errorMessage(error))
      else showAlert({ message: errorMessage(error) })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Card role="region" aria-labelledby="gateway-title">
        <Controller
          control={control}
          name="paymentGateway"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2">
              <legend id="gateway-title" className="mb-2 text-base font-semibold">
                Como você recebe
              </legend>
              {receiving.gateways.map(({ gateway: id, credentials }) => {
                const unavailable = isGatewayUnavailable(id, credentials)
                // The gateway she already has stays selectable, so the rest of the form still saves.
                const locked = unavailable && id !== receiving.paymentGateway
                return (
                  <label
                    key={id}
                    className={cn(
                      "flex min-h-11 cursor-pointer flex-wrap items-center gap-3 rounded-card border-2 border-line p-3",
                      "has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-link",
                      locked && "cursor-not-allowed border-dashed bg-canvas",
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={id}
                      checked={field.value === id}
                      disabled={locked}
                      onChange={() => field.onChange(id)}
                      className="size-5 accent-brand focus-visible:outline-none"
                    />
                    <span className="min-w-0 flex-1 font-semibold">{GATEWAY_LABELS[id]}</span>
                    <StatusPill tone={tones[credentials]} className="whitespace-normal">
                      {id === "bacen" && credentials === "missing"
                        ? "Falta a chave Pix"
                        : CREDENTIAL_LABELS[credentials]}
                    </StatusPill>
                    {unavailable ? (
                      <span className="w-full text-sm text-muted">{gatewayUnavailableMessage}</span>
                    ) : null}
                  </label>
                )
              })}
            </fieldset>
          )}
        />
      </Card>

      <Card role="region" aria-labelledby="pix-title" className="flex flex-col gap-3">
        <CardTitle id="pix-title">Sua chave Pix</CardTitle>
        <p className="text-sm text-muted">
          {gateway === "bacen"
            ? "Os seguidores pagam direto nesta chave e enviam o comprovante para você aprovar."
            : "Opcional: usada quando você recebe pelo Pix direto na sua conta."}
        </p>
        <Controller
          control={control}
          name="pixType"
          render={({ field }) => (
            <SelectField
              label="Tipo de chave"
              value={field.value}
              onChange={(value) => {
                field.onChange(value)
                setValue("pixKey", "", { shouldValidate: false })
              }}
              options={pixKeyTypes.map((type) => ({
                value: type,
                label: PIX_KEY_TYPE_LABELS[type],
              }))}
            />
          )}
        />
        <FormMaskedTextField
          control={control}
          name="pixKey"
          key={pixType}
          label="Chave Pix"
          mask={keyMasks[pixType]}
          placeholder={keyPlaceholders[pixType]}
          autoCapitalize="none"
          showError={submitted || undefined}
        />
      </Card>

      <Card role="region" aria-label="Vendas">
        <Controller
          control={control}
          name="migrating"
          render={({ field }) => (
            <SwitchField
              label="Pausar vendas"
              description="Novos visitantes veem “As vendas estão pausadas”. Quem já assina continua com acesso."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </Card>

      <div className="sticky bottom-0 -mx-4 border-t border-line bg-surface p-4">
        <Button type="submit" block loading={formState.isSubmitting}>
          Salvar recebimento
        </Button>
      </div>
    </form>
  )
}
