import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"
import { RecoveryEmailScreen } from "./recovery-email-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Recuperar senha - e-mail",
  tags: ["seguidora", "jornada-senha"],
  component: RecoveryEmailScreen,
  args: { loginHref: "/demo/auth", onSubmit: fn(async () => undefined) },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof RecoveryEmailScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Digite o e-mail",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { name: "Enviaremos um e-mail com o código de verificação" }),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), "Ana@Exemplo.com.br")
    await userEvent.click(canvas.getByRole("button", { name: "Enviar código" }))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ email: "ana@exemplo.com.br" }))
  },
}

export const InvalidSubmit: Story = {
  name: "E-mail em branco",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Enviar código" }))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os dados corretamente",
    )
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: {
    defaultEmail: "ana@exemplo.com.br",
    onSubmit: fn(() => new Promise<void>(() => undefined)),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole("button", { name: "Enviar código" })
    await userEvent.click(button)
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toBeDisabled()
  },
}

export const ServerError: Story = {
  name: "E-mail não encontrado",
  args: {
    defaultEmail: "ana@exemplo.com.br",
    onSubmit: fn(async () => {
      throw { status: 404, message: "E-mail não encontrado", code: "not_found" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Enviar código" }))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "E-mail não encontrado",
    )
  },
}
