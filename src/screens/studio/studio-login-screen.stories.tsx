import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { StudioLoginScreen } from "./studio-login-screen.tsx"

const meta = {
  title: "Telas/Estúdio/Entrar no estúdio",
  tags: ["criadora", "jornada-estudio"],
  component: StudioLoginScreen,
  args: { area: "studio", onSubmit: fn(async () => {}), onLogout: fn() },
} satisfies Meta<typeof StudioLoginScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Studio: Story = {
  name: "Entrar no estúdio",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Entrar no estúdio" })).toBeVisible()
    await userEvent.type(canvas.getByLabelText("E-mail ou usuário"), "Criadora@Demo.com.br")
    await userEvent.type(canvas.getByLabelText("Senha"), "demo1234")
    await userEvent.click(canvas.getByRole("button", { name: "Entrar" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        usernameOrEmail: "criadora@demo.com.br",
        password: "demo1234",
      }),
    )
    await expect(
      canvas.getByRole("link", { name: "Quero criar o meu Close Friends" }),
    ).toHaveAttribute("href", "/tenho-interesse")
  },
}

export const ValidationMessages: Story = {
  name: "Campos em branco",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Entrar" }))
    await expect(await canvas.findAllByText("Obrigatório")).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const WrongPassword: Story = {
  name: "Senha incorreta",
  args: {
    onSubmit: fn(async () => {
      throw { message: "Senha incorreta", code: "wrong_password" }
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("E-mail ou usuário"), "demo")
    await userEvent.type(canvas.getByLabelText("Senha"), "errada")
    await userEvent.click(canvas.getByRole("button", { name: "Entrar" }))
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole("alert"),
    ).toHaveTextContent("Senha incorreta")
  },
}

export const SigningIn: Story = {
  name: "Entrando",
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("E-mail ou usuário"), "demo")
    await userEvent.type(canvas.getByLabelText("Senha"), "demo1234")
    await userEvent.click(canvas.getByRole("button", { name: "Entrar" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Entrar" })).toHaveAttribute("aria-busy", "true"),
    )
  },
}

export const FollowerAccount: Story = {
  name: "Conta de seguidora",
  args: { wrongAccount: { email: "fa@exemplo.com.br" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "A conta fa@exemplo.com.br não é de criadora. Entre com outra conta.",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Sair desta conta" }))
    await expect(args.onLogout).toHaveBeenCalled()
  },
}

export const Operator: Story = {
  name: "Entrar na operação",
  args: { area: "admin", wrongAccount: { email: "criadora@demo.com.br" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Entrar na operação" })).toBeVisible()
    await expect(canvas.getByRole("alert")).toHaveTextContent("não tem acesso à operação")
    await expect(canvas.queryByRole("link", { name: "Quero criar o meu Close Friends" })).toBeNull()
  },
}
