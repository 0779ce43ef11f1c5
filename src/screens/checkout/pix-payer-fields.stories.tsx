import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { PixPayerFields, usePixPayerForm, type PixPayer } from "./pix-payer-fields.tsx"

function PayerForm({
  onValid,
  disabled,
}: {
  onValid: (values: PixPayer) => void
  disabled?: boolean
}) {
  const form = usePixPayerForm()
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-4">
      <PixPayerFields control={form.control} disabled={disabled} />
      <button
        type="submit"
        disabled={disabled || !form.formState.isValid}
        className="min-h-11 rounded-field bg-brand font-semibold text-on-brand disabled:opacity-50"
      >
        Assinar
      </button>
    </form>
  )
}

const meta = {
  title: "Telas/Comprar com Pix/Partes/Dados do pagador",
  tags: ["seguidora", "jornada-pix"],
  component: PayerForm,
  args: { onValid: fn() },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PayerForm>

export default meta
type Story = StoryObj<typeof meta>

export const Valid: Story = {
  name: "Dados válidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Titular da conta do Pix Automático")).toBeVisible()
    const name = canvas.getByRole("textbox", { name: "Nome do titular da conta" })
    const cpf = canvas.getByRole("textbox", { name: "CPF do titular da conta" })
    await userEvent.type(name, "Ana Demo")
    await userEvent.type(cpf, "11144477735")
    await expect(cpf).toHaveValue("111.444.777-35")
    const submit = canvas.getByRole("button", { name: "Assinar" })
    await waitFor(() => expect(submit).toBeEnabled())
    await userEvent.click(submit)
    await waitFor(() =>
      expect(args.onValid).toHaveBeenCalledWith(
        expect.objectContaining({ accountDocument: "11144477735" }),
        expect.anything(),
      ),
    )
  },
}

export const Invalid: Story = {
  name: "Dados inválidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const name = canvas.getByRole("textbox", { name: "Nome do titular da conta" })
    const cpf = canvas.getByRole("textbox", { name: "CPF do titular da conta" })
    await userEvent.click(name)
    await userEvent.tab()
    await waitFor(() => expect(name).toHaveAccessibleDescription("Obrigatório"))
    await userEvent.type(cpf, "11144477700")
    await userEvent.tab()
    await waitFor(() => expect(cpf).toHaveAccessibleDescription("Documento inválido"))
    await expect(canvas.getByRole("button", { name: "Assinar" })).toBeDisabled()
    await expect(args.onValid).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  name: "Desabilitado",
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("textbox", { name: "Nome do titular da conta" })).toBeDisabled()
    await expect(canvas.getByRole("textbox", { name: "CPF do titular da conta" })).toBeDisabled()
  },
}
