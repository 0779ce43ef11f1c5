import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { ChoosePasswordScreen } from "./choose-password-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Escolha um senha",
  tags: ["seguidora", "jornada-senha"],
  component: ChoosePasswordScreen,
  args: { hasCode: true, onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof ChoosePasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

const input = (el: HTMLElement, label: string) =>
  within(el).queryByLabelText(label, { selector: "input" })
const button = (el: HTMLElement) => within(el).getByRole("button", { name: "Continuar" })

async function fillNew(el: HTMLElement, confirm = "segredo1") {
  await userEvent.type(input(el, "Nova senha")!, "segredo1")
  await userEvent.type(input(el, "Confirmar nova senha")!, confirm)
}

export const WithCode: Story = {
  name: "Com código",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Escolha uma senha" })).toBeVisible()
    await expect(canvas.getByText("Escolha um senha de sua preferência")).toBeVisible()
    await expect(input(canvasElement, "Senha atual")).toBeNull()
    await expect(button(canvasElement)).toBeDisabled()
    await fillNew(canvasElement)
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
    await userEvent.click(button(canvasElement))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        currentPassword: undefined,
        newPassword: "segredo1",
        confirmPassword: "segredo1",
      }),
    )
  },
}

export const WithoutCode: Story = {
  name: "Sem código, pede a senha atual",
  args: { hasCode: false },
  play: async ({ canvasElement, args }) => {
    const current = input(canvasElement, "Senha atual")!
    await expect(current).toBeVisible()
    await fillNew(canvasElement)
    // The current password is required when it did not come in the link.
    await expect(button(canvasElement)).toBeDisabled()
    await userEvent.type(current, "antiga1")
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
    await userEvent.click(button(canvasElement))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        currentPassword: "antiga1",
        newPassword: "segredo1",
        confirmPassword: "segredo1",
      }),
    )
  },
}

export const Invalid: Story = {
  name: "Senha inválida",
  play: async ({ canvasElement, args }) => {
    await userEvent.type(input(canvasElement, "Nova senha")!, "123")
    await userEvent.tab()
    await waitFor(() =>
      expect(input(canvasElement, "Nova senha")).toHaveAccessibleDescription(
        "Pelo menos 6 caracteres. Inválido",
      ),
    )
    await userEvent.clear(input(canvasElement, "Nova senha")!)
    await fillNew(canvasElement, "segredo2")
    await userEvent.tab()
    await waitFor(() =>
      expect(input(canvasElement, "Confirmar nova senha")).toHaveAccessibleDescription(
        "Senhas não conferem",
      ),
    )
    await expect(button(canvasElement)).toBeDisabled()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    await fillNew(canvasElement)
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
    await userEvent.click(button(canvasElement))
    await waitFor(() => expect(button(canvasElement)).toHaveAttribute("aria-busy", "true"))
    await expect(input(canvasElement, "Nova senha")).toBeDisabled()
  },
}

export const ServerError: Story = {
  name: "Erro ao alterar a senha",
  args: {
    onSubmit: fn(async () => {
      throw {}
    }),
  },
  play: async ({ canvasElement }) => {
    await fillNew(canvasElement)
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
    await userEvent.click(button(canvasElement))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Houve um erro ao alterar a sua senha.",
    )
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
  },
}

/** A wrong current password: the spec's message, with the server's reason under it. */
export const WrongCurrentPassword: Story = {
  name: "Senha atual incorreta",
  args: {
    hasCode: false,
    onSubmit: fn(async () => {
      throw { status: 422, message: "Senha incorreta", code: "wrong_password" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement, "Senha atual")!, "errada1")
    await fillNew(canvasElement)
    await waitFor(() => expect(button(canvasElement)).toBeEnabled())
    await userEvent.click(button(canvasElement))
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent("Houve um erro ao alterar a sua senha.")
    await expect(alert).toHaveTextContent("Senha incorreta")
  },
}
