import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"
import { RegisterPasswordScreen } from "./register-password-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Cadastro - senha",
  tags: ["seguidora", "jornada-senha"],
  component: RegisterPasswordScreen,
  args: {
    email: "ana@exemplo.com.br",
    loginHref: "/demo/auth",
    onSubmit: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof RegisterPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

function fields(el: HTMLElement) {
  const canvas = within(el)
  return {
    confirmEmail: canvas.getByRole("textbox", { name: "Confirmar e-mail" }),
    password: canvas.getByLabelText("Escolher senha", { selector: "input" }),
    confirmPassword: canvas.getByLabelText("Confirmar senha", { selector: "input" }),
    submit: canvas.getByRole("button", { name: "Continuar" }),
  }
}

export const Default: Story = {
  name: "Criar senha",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("ana@exemplo.com.br")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    const f = fields(canvasElement)
    await userEvent.type(f.confirmEmail, "Ana@Exemplo.com.br")
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirmPassword, "segredo1")
    await userEvent.click(f.submit)
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        email: "ana@exemplo.com.br",
        confirmEmail: "ana@exemplo.com.br",
        password: "segredo1",
        confirmPassword: "segredo1",
      }),
    )
  },
}

export const InvalidSubmit: Story = {
  name: "Campos em branco",
  play: async ({ canvasElement, args }) => {
    const f = fields(canvasElement)
    await userEvent.click(f.submit)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os campos corretamente",
    )
    await expect(f.confirmEmail).toHaveAccessibleDescription("Obrigatório")
    await expect(f.password).toHaveAccessibleDescription("Obrigatório")
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const PasswordsDiffer: Story = {
  name: "Senhas não conferem",
  play: async ({ canvasElement, args, step }) => {
    const f = fields(canvasElement)
    await step("a different confirmation is flagged", async () => {
      await userEvent.type(f.password, "segredo1")
      await userEvent.type(f.confirmPassword, "segredo2")
      await userEvent.tab()
      await waitFor(() =>
        expect(f.confirmPassword).toHaveAccessibleDescription("Senhas não conferem"),
      )
    })
    await step("changing the password checks the confirmation again", async () => {
      await userEvent.clear(f.password)
      await userEvent.type(f.password, "segredo2")
      await waitFor(() => expect(f.confirmPassword).not.toHaveAttribute("aria-invalid"))
    })
    await step(
      'sending with only the passwords differing alerts "Senhas não conferem"',
      async () => {
        await userEvent.type(f.confirmEmail, "ana@exemplo.com.br")
        await userEvent.type(f.confirmPassword, "3")
        await userEvent.click(f.submit)
        await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
          "Senhas não conferem",
        )
      },
    )
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.confirmEmail, "ana@exemplo.com.br")
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirmPassword, "segredo1{Enter}")
    await waitFor(() => expect(f.submit).toHaveAttribute("aria-busy", "true"))
    await expect(f.password).toBeDisabled()
  },
}

/** A taken e-mail is told only here, past the bot check: the person reads what to do. */
export const EmailTaken: Story = {
  name: "E-mail já cadastrado",
  args: {
    onSubmit: fn(async () => {
      throw {
        status: 409,
        message: "Este e-mail já está cadastrado. Faça login para continuar.",
        code: "email_taken",
      }
    }),
  },
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.confirmEmail, "ana@exemplo.com.br")
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirmPassword, "segredo1{Enter}")
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent(
      "Este e-mail já está cadastrado. Faça login para continuar.",
    )
    await expect(alert).not.toHaveTextContent("email_taken")
  },
}

/** Other failures show the server's error code (spec §8). */
export const ServerErrorCode: Story = {
  name: "Perfil não encontrado",
  args: {
    onSubmit: fn(async () => {
      throw { status: 404, message: "Perfil não encontrado", code: "profile_not_found" }
    }),
  },
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.confirmEmail, "ana@exemplo.com.br")
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirmPassword, "segredo1{Enter}")
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "profile_not_found",
    )
  },
}
