import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthPasswordScreen } from "./auth-password-screen.tsx"
import { AuthShell } from "./auth-shell.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Entrar - senha",
  tags: ["seguidora", "jornada-senha"],
  component: AuthPasswordScreen,
  args: {
    email: "ana@exemplo.com.br",
    recoveryHref: "/demo/auth/recovery/email",
    changeEmailHref: "/demo/auth/email",
    registerHref: "/demo/auth/register/password",
    onSubmit: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof AuthPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

const password = (el: HTMLElement) => within(el).getByLabelText("Senha", { selector: "input" })

export const Default: Story = {
  name: "Digite a sua senha",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Digite a sua senha" })).toBeVisible()
    await expect(canvas.getByText("ana@exemplo.com.br")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Esqueci a senha" })).toHaveAttribute(
      "href",
      "/demo/auth/recovery/email",
    )
    // Every e-mail comes here: someone new signs up from this step.
    await expect(canvas.getByRole("link", { name: "Criar conta" })).toHaveAttribute(
      "href",
      "/demo/auth/register/password",
    )
    const input = password(canvasElement)
    await userEvent.type(input, "segredo1")
    await expect(input).toHaveAttribute("type", "password")
    await userEvent.click(canvas.getByRole("button", { name: "Mostrar senha" }))
    await expect(input).toHaveAttribute("type", "text")
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        usernameOrEmail: "ana@exemplo.com.br",
        password: "segredo1",
      }),
    )
  },
}

export const InvalidSubmit: Story = {
  name: "Senha em branco",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continuar" }))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os dados corretamente",
    )
    await expect(password(canvasElement)).toHaveAccessibleDescription("Obrigatório")
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    await userEvent.type(password(canvasElement), "segredo1{Enter}")
    const button = within(canvasElement).getByRole("button", { name: "Continuar" })
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await expect(password(canvasElement)).toBeDisabled()
  },
}

export const WrongPassword: Story = {
  name: "Senha incorreta",
  args: {
    onSubmit: fn(async () => {
      throw { status: 401, message: "Senha incorreta", code: "wrong_password" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(password(canvasElement), "errada1{Enter}")
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Senha incorreta",
    )
    await waitFor(() => expect(password(canvasElement)).toBeEnabled())
  },
}

/** A closed account reads the server's sentence, so the person knows why. */
export const AccountClosed: Story = {
  name: "Conta encerrada",
  args: {
    onSubmit: fn(async () => {
      throw { status: 401, message: "Esta conta foi encerrada.", code: "account_closed" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(password(canvasElement), "segredo1{Enter}")
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent("Esta conta foi encerrada.")
    await expect(alert).not.toHaveTextContent("account_closed")
  },
}

/** Other login failures show the server's error code. */
export const ServerErrorCode: Story = {
  name: "Erro do servidor só com código",
  args: {
    onSubmit: fn(async () => {
      throw { status: 429, message: "Muitas tentativas. Tente mais tarde.", code: "rate_limited" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(password(canvasElement), "segredo1{Enter}")
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent("rate_limited")
  },
}

/** Too many wrong passwords from here: the person reads how long to wait, not a code. */
export const SlowedDown: Story = {
  name: "Muitas tentativas",
  args: {
    onSubmit: fn(async () => {
      throw {
        status: 429,
        message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
        code: "too_many_requests",
      }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(password(canvasElement), "segredo1{Enter}")
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent(
      "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
    )
    await expect(alert).not.toHaveTextContent("too_many_requests")
  },
}
