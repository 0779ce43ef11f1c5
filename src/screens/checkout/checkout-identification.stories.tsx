import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { CheckoutIdentification } from "./checkout-identification.tsx"

const meta = {
  title: "Telas/Assinar/Partes/Identificação",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto"],
  component: CheckoutIdentification,
  args: {
    forgotPasswordHref: "/demo/auth/recovery/email",
    onLogin: fn(async () => {}),
    onIdentified: fn(),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof CheckoutIdentification>

export default meta
type Story = StoryObj<typeof meta>

/**
 * No server is asked whether the e-mail has an account: any valid one, typed twice alike,
 * identifies the buyer.
 */
export const NewUser: Story = {
  name: "Conta nova",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    await userEvent.type(email, "nova@exemplo.com")
    await expect(args.onIdentified).toHaveBeenLastCalledWith(null)
    await userEvent.type(
      canvas.getByRole("textbox", { name: "Confirmar e-mail" }),
      "Nova@Exemplo.com",
    )
    await expect(args.onIdentified).toHaveBeenLastCalledWith({
      typeAuth: "new_user",
      email: "nova@exemplo.com",
      confirmEmail: "nova@exemplo.com",
    })
    await expect(canvas.getByText(/criamos uma com este e-mail ao assinar/)).toBeVisible()
    await expect(canvas.queryByLabelText("Senha")).not.toBeInTheDocument()
    // An e-mail that is no longer valid withdraws the identification.
    await userEvent.type(email, "{Backspace}{Backspace}{Backspace}{Backspace}")
    await expect(args.onIdentified).toHaveBeenLastCalledWith(null)
    await expect(canvas.queryByText(/criamos uma/)).not.toBeInTheDocument()
  },
}

/** The account and its password would go to a stranger: differing e-mails identify nobody. */
export const EmailsDiffer: Story = {
  name: "E-mails diferentes",
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    const confirmEmail = canvas.getByRole("textbox", { name: "Confirmar e-mail" })
    await userEvent.type(email, "nova@exmplo.com")
    await userEvent.type(confirmEmail, "nova@exmplo.com")
    await expect(args.onIdentified).toHaveBeenLastCalledWith({
      typeAuth: "new_user",
      email: "nova@exmplo.com",
      confirmEmail: "nova@exmplo.com",
    })
    await step("changing only the first e-mail withdraws the identification", async () => {
      await userEvent.clear(email)
      await userEvent.type(email, "nova@exemplo.com")
      await expect(confirmEmail).toHaveAccessibleDescription("Os e-mails não conferem")
      await expect(confirmEmail).toHaveAttribute("aria-invalid", "true")
      await expect(args.onIdentified).toHaveBeenLastCalledWith(null)
      await expect(canvas.queryByText(/criamos uma/)).not.toBeInTheDocument()
    })
  },
}

export const Locked: Story = {
  name: "Bloqueado sem plano",
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Escolha um plano para continuar.")).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Já tenho conta" })).toBeDisabled()
    await expect(args.onIdentified).not.toHaveBeenCalled()
  },
}

export const SignedIn: Story = {
  name: "Já entrou na conta",
  args: { signedInEmail: "ana@exemplo.com" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Identificação" })).toBeVisible()
    await expect(canvas.getByText(/Comprando como/)).toHaveTextContent(
      "Comprando como ana@exemplo.com",
    )
    await expect(canvas.queryByRole("textbox")).not.toBeInTheDocument()
  },
}

/** "Já tenho conta" asks the password; "Não tenho conta" goes back to buying with the e-mail. */
export const HasAccount: Story = {
  name: "Já tenho conta",
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), "ana@exemplo.com")
    await userEvent.type(
      canvas.getByRole("textbox", { name: "Confirmar e-mail" }),
      "ana@exemplo.com",
    )
    await step("signing in first withdraws the guest identification", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Já tenho conta" }))
      await expect(args.onIdentified).toHaveBeenLastCalledWith(null)
      await expect(canvas.getByRole("link", { name: "Esqueci minha senha" })).toHaveAttribute(
        "href",
        "/demo/auth/recovery/email",
      )
    })
    await step("an empty password is refused at the field", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
      await expect(await canvas.findByText("Obrigatório")).toBeVisible()
      await expect(args.onLogin).not.toHaveBeenCalled()
    })
    await step("back to buying with the e-mail", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Não tenho conta" }))
      await expect(canvas.queryByLabelText("Senha")).not.toBeInTheDocument()
      await expect(args.onIdentified).toHaveBeenLastCalledWith({
        typeAuth: "new_user",
        email: "ana@exemplo.com",
        confirmEmail: "ana@exemplo.com",
      })
    })
  },
}

/** "Assinar" said the e-mail has an account: its owner signs in, and is then identified. */
export const EmailTaken: Story = {
  name: "E-mail já cadastrado",
  args: { takenEmail: "ana@exemplo.com" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), "ana@exemplo.com")
    await expect(
      canvas.getByText("Você já tem uma conta. Digite sua senha para continuar."),
    ).toBeVisible()
    await expect(args.onIdentified).not.toHaveBeenCalledWith(
      expect.objectContaining({ email: "ana@exemplo.com" }),
    )
    await expect(canvas.queryByRole("button", { name: "Não tenho conta" })).not.toBeInTheDocument()
    await userEvent.type(canvas.getByLabelText("Senha"), "segredo123{Enter}")
    await expect(args.onLogin).toHaveBeenCalledWith({
      email: "ana@exemplo.com",
      password: "segredo123",
    })
    await expect(await canvas.findByText("Você entrou na sua conta.")).toBeVisible()
    await expect(args.onIdentified).toHaveBeenLastCalledWith({
      typeAuth: "existing_user",
      email: "ana@exemplo.com",
    })
  },
}
