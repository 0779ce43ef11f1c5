import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthEmailScreen } from "./auth-email-screen.tsx"
import { AuthShell } from "./auth-shell.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Conta e senha/Entrar - e-mail",
  tags: ["seguidora", "jornada-senha"],
  component: AuthEmailScreen,
  args: { recoveryHref: "/demo/auth/recovery/email", onSubmit: fn(async () => undefined) },
  decorators: [
    (Story) => (
      <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
        <Story />
      </AuthShell>
    ),
  ],
} satisfies Meta<typeof AuthEmailScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: "Vazio",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Entre com o seu e-mail" })).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toHaveValue("")
    await expect(canvas.getByRole("link", { name: "Esqueci a senha" })).toHaveAttribute(
      "href",
      "/demo/auth/recovery/email",
    )
    await expect(canvas.getByRole("button", { name: "Continuar" })).toBeEnabled()
  },
}

export const InvalidSubmit: Story = {
  name: "E-mail inválido",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), "ana@")
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Preencha os dados corretamente",
    )
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
      "Email inválido",
    )
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The e-mail is lower-cased as it is typed and sent that way. */
export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    await userEvent.type(email, "Ana@Exemplo.com.BR")
    await expect(email).toHaveValue("ana@exemplo.com.br")
    await userEvent.keyboard("{Enter}")
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ email: "ana@exemplo.com.br" }))
    const button = canvas.getByRole("button", { name: "Continuar" })
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await expect(email).toBeDisabled()
  },
}

/** A failed availability check is only logged: no alert, and the form is usable again. */
export const CheckFails: Story = {
  name: "Erro ao verificar o e-mail",
  args: {
    defaultEmail: "ana@exemplo.com.br",
    onSubmit: fn(async () => {
      throw { code: "network_error" }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole("button", { name: "Continuar" })
    await userEvent.click(button)
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(button).not.toHaveAttribute("aria-busy"))
    await expect(pageOf(canvasElement).queryByRole("alert")).toBeNull()
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toBeEnabled()
  },
}
