import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { TextField } from "./text-field.tsx"

const meta = {
  title: "Componentes/UI/TextField (campo de texto)",
  tags: ["autodocs"],
  component: TextField,
  args: { label: "Nome completo", onChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Vazio",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole("textbox", { name: "Nome completo" })
    await expect(canvas.queryByRole("button", { name: "Limpar" })).not.toBeInTheDocument()
    await userEvent.type(input, "Ana")
    await expect(input).toHaveValue("Ana")
    await expect(args.onChange).toHaveBeenLastCalledWith("Ana")
  },
}

export const Clearable: Story = {
  name: "Com botão Limpar",
  args: { defaultValue: "Ana Demo" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole("textbox", { name: "Nome completo" })
    await userEvent.click(canvas.getByRole("button", { name: "Limpar" }))
    await expect(input).toHaveValue("")
    await expect(args.onChange).toHaveBeenLastCalledWith("")
    await expect(input).toHaveFocus()
    await expect(canvas.queryByRole("button", { name: "Limpar" })).not.toBeInTheDocument()
  },
}

export const WithHint: Story = {
  name: "Com dica",
  args: { label: "Cupom", hint: "Se tiver um cupom de desconto, digite aqui." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Cupom" })
    await expect(input).toHaveAccessibleDescription("Se tiver um cupom de desconto, digite aqui.")
  },
}

/** An empty field shows its error only after the person leaves it (spec §5). */
export const ErrorAfterBlur: Story = {
  name: "Erro ao sair do campo",
  args: { label: "E-mail", type: "email", error: "Obrigatório" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole("textbox", { name: "E-mail" })
    await expect(canvas.queryByText("Obrigatório")).not.toBeInTheDocument()
    await expect(input).not.toHaveAttribute("aria-invalid")
    await userEvent.click(input)
    await userEvent.tab()
    await expect(args.onBlur).toHaveBeenCalledTimes(1)
    await expect(canvas.getByText("Obrigatório")).toBeVisible()
    await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(input).toHaveAccessibleDescription("Obrigatório")
  },
}

/** A field with a value shows its error straight away. */
export const ErrorWithValue: Story = {
  name: "E-mail inválido",
  args: { label: "E-mail", type: "email", defaultValue: "ana@", error: "Email inválido" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "E-mail" })
    await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(input).toHaveAccessibleDescription("Email inválido")
  },
}

/** After a submit the form may show every error, touched or not. */
export const ErrorShownBySubmit: Story = {
  name: "Erro ao enviar",
  args: { label: "E-mail", type: "email", error: "Obrigatório", showError: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Obrigatório")).toBeVisible()
  },
}

export const Password: Story = {
  name: "Senha",
  args: {
    label: "Senha",
    type: "password",
    defaultValue: "segredo1",
    autoComplete: "current-password",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText("Senha")
    await expect(input).toHaveAttribute("type", "password")
    // Passwords get the eye toggle, never a clear button.
    await expect(canvas.queryByRole("button", { name: "Limpar" })).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole("button", { name: "Mostrar senha" }))
    await expect(input).toHaveAttribute("type", "text")
    await userEvent.click(canvas.getByRole("button", { name: "Ocultar senha" }))
    await expect(input).toHaveAttribute("type", "password")
  },
}

export const PasswordWithError: Story = {
  name: "Senhas não conferem",
  args: {
    label: "Confirmar senha",
    type: "password",
    defaultValue: "abcd",
    error: "Senhas não conferem",
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByLabelText("Confirmar senha"),
    ).toHaveAccessibleDescription("Senhas não conferem")
  },
}

export const Disabled: Story = {
  name: "Desabilitado",
  args: { defaultValue: "fa@exemplo.com.br", label: "E-mail", disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toBeDisabled()
    await expect(canvas.queryByRole("button", { name: "Limpar" })).not.toBeInTheDocument()
  },
}
