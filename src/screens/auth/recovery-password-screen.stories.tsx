import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"
import { RecoveryPasswordScreen } from "./recovery-password-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Recuperar senha - nova senha",
  tags: ["seguidora", "jornada-senha"],
  component: RecoveryPasswordScreen,
  args: { loginHref: "/demo/auth", onSubmit: fn(async () => undefined) },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof RecoveryPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

function fields(el: HTMLElement) {
  const canvas = within(el)
  return {
    password: canvas.getByLabelText("Nova senha", { selector: "input" }),
    confirm: canvas.getByLabelText("Confirmar nova senha", { selector: "input" }),
    submit: canvas.getByRole("button", { name: "Salvar nova senha" }),
  }
}

export const Default: Story = {
  name: "Escolha uma nova senha",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Escolha uma nova senha" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    await expect(fields(canvasElement).password).toHaveAttribute("type", "password")
  },
}

export const InvalidSubmit: Story = {
  name: "Senha inválida",
  play: async ({ canvasElement, args }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.password, "123")
    await userEvent.click(f.submit)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os dados corretamente",
    )
    await expect(f.password).toHaveAccessibleDescription("Inválido")
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const PasswordsDiffer: Story = {
  name: "Senhas não conferem",
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirm, "segredo9")
    await userEvent.tab()
    await waitFor(() => expect(f.confirm).toHaveAccessibleDescription("Senhas não conferem"))
    // A change of password checks the confirmation again, without touching it: matching clears
    // the message, differing brings it back.
    await userEvent.clear(f.password)
    await userEvent.type(f.password, "segredo9")
    await waitFor(() => expect(f.confirm).not.toHaveAttribute("aria-invalid"))
    await userEvent.clear(f.password)
    await userEvent.type(f.password, "segredo1")
    await waitFor(() => expect(f.confirm).toHaveAccessibleDescription("Senhas não conferem"))
  },
}

/** On success the screen confirms through the alert; the container then goes to login. */
export const Success: Story = {
  name: "Senha atualizada",
  play: async ({ canvasElement, args }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirm, "segredo1")
    await userEvent.click(f.submit)
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        password: "segredo1",
        confirmPassword: "segredo1",
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Senha atualizada com sucesso",
    )
  },
}

export const ServerError: Story = {
  name: "Recuperação expirada",
  args: {
    onSubmit: fn(async () => {
      throw { status: 410, code: "recovery_expired" }
    }),
  },
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirm, "segredo1{Enter}")
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "recovery_expired",
    )
    await waitFor(() => expect(f.submit).toBeEnabled())
  },
}
