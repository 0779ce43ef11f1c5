import { useForm } from "react-hook-form"
import { Footer } from "../../components/footer.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { errorMessage } from "../../domain/errors.ts"
import { LEAD_SUCCESS, UNEXPECTED_ERROR } from "../../domain/messages.ts"
import type { LeadFormInput, LeadFormOutput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { SiteHeader } from "../misc/site-header.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"

/** The page title the container sets. */
const leadFormResolver = lazyZodResolver<LeadFormInput, LeadFormOutput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.leadFormSchema),
)

export const LEAD_TITLE = "Tenho Interesse"

export type LeadScreenProps = {
  /** The external support site opened by "Suporte". */
  supportHref: string
  /** Copyright year in the footer. */
  year: number
  /** Sends the lead (with the bot-check token the container adds); rejects with the API error. */
  onSubmit: (values: LeadFormOutput) => Promise<void>
  registerHref?: string
}

const headerButton = cn(buttonVariants({ variant: "secondary" }), "px-3 text-sm")

export function LeadScreen({
  supportHref,
  year,
  onSubmit,
  registerHref = "/tenho-interesse",
}: LeadScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, reset, formState, trigger } = useForm<
    LeadFormInput,
    unknown,
    LeadFormOutput
  >({
    resolver: useLazyZodResolver(leadFormResolver),
    mode: "all",
    defaultValues: { instagram: "", email: "", confirmEmail: "", whatsapp: "" },
  })

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
      showAlert({ type: "success", message: LEAD_SUCCESS })
      reset()
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, UNEXPECTED_ERROR) })
    }
  })

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SiteHeader
        actions={
          <>
            <a
              href={supportHref}
              target="_blank"
              rel="noopener noreferrer"
              className={headerButton}
            >
              Suporte
            </a>
            <AppLink href={registerHref} className={cn(buttonVariants(), "px-3 text-sm")}>
              Cadastrar
            </AppLink>
          </>
        }
      />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-8">
        <h1 className="text-2xl font-bold">Tem interesse em criar o seu Close Friends?</h1>
        <p className="mt-2 text-muted">
          Deixe os seus contatos e a equipe do {PRODUCT_NAME} fala com você para montar a sua
          página.
        </p>
        <form noValidate onSubmit={submit} className="mt-6 flex flex-1 flex-col">
          <fieldset disabled={formState.isSubmitting} className="flex min-w-0 flex-col gap-4">
            <legend className="sr-only">Seus contatos</legend>
            <FormMaskedTextField
              control={control}
              name="instagram"
              label="Instagram"
              mask="instagram"
              placeholder="@seuperfil"
              autoCapitalize="none"
            />
            <FormTextField
              control={control}
              name="email"
              onValueChange={() => {
                // The confirmation is checked again whenever the e-mail changes.
                if (formState.touchedFields.confirmEmail) void trigger("confirmEmail")
              }}
              label="E-mail"
              type="email"
              autoComplete="email"
            />
            <FormTextField
              control={control}
              name="confirmEmail"
              label="Confirmar e-mail"
              type="email"
              // Typed again, not filled in: the point is to catch a typo in the first one.
              autoComplete="off"
            />
            <FormMaskedTextField
              control={control}
              name="whatsapp"
              label="WhatsApp"
              mask="phone"
              autoComplete="tel-national"
              placeholder="(00) 00000-0000"
            />
          </fieldset>
          {/* On phones the button sits low, in thumb reach. */}
          <div className="min-h-8 flex-1 sm:flex-none" />
          <Button
            type="submit"
            block
            disabled={!formState.isValid}
            loading={formState.isSubmitting}
          >
            Enviar
          </Button>
        </form>
      </main>
      <Footer year={year} productName={PRODUCT_NAME} />
    </div>
  )
}
