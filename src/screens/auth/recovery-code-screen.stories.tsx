import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"
import { RecoveryCodeScreen } from "./recovery-code-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Recuperar senha - código",
  tags: ["seguidora", "jornada-senha"],
  component: RecoveryCodeScreen,
  args: {
    email: "ana@exemplo.com.br",
    loginHref: "/demo/auth",
    onSubmit: fn(async () => undefined),
    onResend: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof RecoveryCodeScreen>

export default meta
type Story = StoryObj<typeof meta>

const code = (el: HTMLElement) => within(el).getByRole("textbox", { name: "Código" })

export const Default: Story = {
  name: "Insira o código",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { name: "Insira o código recebido por e-mail" }),
    ).toBeVisible()
    await expect(canvas.getByText("ana@exemplo.com.br")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    // Only digits, at most six.
    await userEvent.type(code(canvasElement), "12a34567")
    await expect(code(canvasElement)).toHaveValue("123456")
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        email: "ana@exemplo.com.br",
        code: "123456",
      }),
    )
  },
}

export const InvalidSubmit: Story = {
  name: "Código inválido",
  play: async ({ canvasElement, args }) => {
    await userEvent.type(code(canvasElement), "123{Enter}")
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os dados corretamente",
    )
    await expect(code(canvasElement)).toHaveAccessibleDescription("Inválido")
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    await userEvent.type(code(canvasElement), "123456{Enter}")
    const button = within(canvasElement).getByRole("button", { name: "Continuar" })
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await expect(code(canvasElement)).toBeDisabled()
  },
}

export const WrongCode: Story = {
  name: "Código inválido ou expirado",
  args: {
    onSubmit: fn(async () => {
      throw { status: 422, message: "Código inválido ou expirado", code: "invalid_code" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(code(canvasElement), "000000{Enter}")
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Código inválido ou expirado",
    )
  },
}

export const Resend: Story = {
  name: "Código reenviado",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Reenviar código" }))
    await expect(args.onResend).toHaveBeenCalledTimes(1)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Enviamos um novo código para ana@exemplo.com.br.",
    )
  },
}

export const ResendFails: Story = {
  name: "Erro ao reenviar o código",
  args: {
    onResend: fn(async () => {
      throw new Error("Failed to fetch")
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Reenviar código" }))
    // Not an answer of the server: its English text stays out of the page (spec §8).
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Houve um erro inesperado.",
    )
  },
}
