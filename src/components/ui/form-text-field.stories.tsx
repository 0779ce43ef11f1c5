import { zodResolver } from "@hookform/resolvers/zod"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { useForm } from "react-hook-form"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import type { z } from "zod"
import { leadFormSchema } from "../../domain/validation.ts"
import { Button } from "./button.tsx"
import { FormEmailField, FormTextField } from "./form-text-field.tsx"
import { FormMaskedTextField } from "./form-masked-text-field.tsx"

const meta = {
  title: "Componentes/UI/FormTextField (campo de formulário)",
  tags: ["autodocs"],
  component: FormTextField,
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormTextField>

export default meta

type LeadInput = z.input<typeof leadFormSchema>
type LeadOutput = z.output<typeof leadFormSchema>

/** How a form uses it: one per field, the schema from src/domain. */
function LeadFormExample({
  onSubmit,
  onEmailChange,
}: {
  onSubmit: (values: LeadOutput) => void
  onEmailChange: (value: string) => void
}) {
  const { control, handleSubmit, formState } = useForm<LeadInput, unknown, LeadOutput>({
    resolver: zodResolver(leadFormSchema),
    // Validate on change and on blur, so "Obrigatório" can show when an empty field is left.
    mode: "all",
    defaultValues: { instagram: "", email: "", confirmEmail: "", whatsapp: "" },
  })
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <FormMaskedTextField control={control} name="instagram" label="Instagram" mask="instagram" />
      <FormTextField
        control={control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        normalize={(value) => value.toLowerCase()}
        onValueChange={onEmailChange}
      />
      <FormTextField
        control={control}
        name="confirmEmail"
        label="Confirmar e-mail"
        type="email"
        autoComplete="off"
      />
      <FormMaskedTextField control={control} name="whatsapp" label="WhatsApp" mask="phone" />
      <Button type="submit" disabled={!formState.isValid}>
        Enviar
      </Button>
    </form>
  )
}

export const LeadForm: StoryObj<{
  onSubmit: (values: LeadOutput) => void
  onEmailChange: (value: string) => void
}> = {
  name: "Formulário de interesse",
  args: { onSubmit: fn(), onEmailChange: fn() },
  render: (args) => <LeadFormExample {...args} />,
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const instagram = canvas.getByRole("textbox", { name: "Instagram" })
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    const confirmEmail = canvas.getByRole("textbox", { name: "Confirmar e-mail" })
    const whatsapp = canvas.getByRole("textbox", { name: "WhatsApp" })
    const send = canvas.getByRole("button", { name: "Enviar" })

    await step("invalid values show the schema's messages; Enviar stays disabled", async () => {
      await expect(send).toBeDisabled()
      await userEvent.type(instagram, "ab")
      await waitFor(() => expect(instagram).toHaveAccessibleDescription("Inválido"))
      await userEvent.type(email, "ana@")
      await waitFor(() => expect(email).toHaveAccessibleDescription("Email inválido"))
      await userEvent.click(whatsapp)
      await userEvent.tab()
      await waitFor(() => expect(whatsapp).toHaveAccessibleDescription("Obrigatório"))
      await expect(send).toBeDisabled()
    })

    await step("valid values enable Enviar and submit normalised data", async () => {
      await userEvent.type(instagram, "{End}c")
      await userEvent.type(email, "Exemplo.com.BR")
      // Normalised as typed, and the form is told after it has the value.
      await expect(email).toHaveValue("ana@exemplo.com.br")
      await expect(args.onEmailChange).toHaveBeenLastCalledWith("ana@exemplo.com.br")
      await userEvent.type(confirmEmail, "ana@exemplo.com.br")
      await userEvent.type(whatsapp, "11987654321")
      await waitFor(() => expect(send).toBeEnabled())
      await expect(instagram).not.toHaveAttribute("aria-invalid")
      await userEvent.click(send)
      await waitFor(() =>
        expect(args.onSubmit).toHaveBeenCalledWith(
          {
            instagram: "@abc",
            email: "ana@exemplo.com.br",
            confirmEmail: "ana@exemplo.com.br",
            whatsapp: "11987654321",
          },
          expect.anything(),
        ),
      )
    })
  },
}

function SignInEmailExample({ onSubmit }: { onSubmit: (values: { email: string }) => void }) {
  const { control, handleSubmit } = useForm({ defaultValues: { email: "" } })
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <FormEmailField control={control} name="email" label="E-mail" />
      <Button type="submit">Continuar</Button>
    </form>
  )
}

/** The e-mail steps' field: lower case as typed, the keyboard and autofill of an e-mail. */
export const EmailField: StoryObj<{ onSubmit: (values: { email: string }) => void }> = {
  name: "Campo de e-mail",
  args: { onSubmit: fn() },
  render: (args) => <SignInEmailExample {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    await expect(email).toHaveAttribute("type", "email")
    await expect(email).toHaveAttribute("autocomplete", "email")
    await expect(email).toHaveAttribute("autocapitalize", "none")
    await userEvent.type(email, "Bia.Souza@Exemplo.COM")
    await expect(email).toHaveValue("bia.souza@exemplo.com")
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { email: "bia.souza@exemplo.com" },
        expect.anything(),
      ),
    )
  },
}
