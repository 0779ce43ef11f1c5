import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { vipInviteInvalidMessage, vipInviteWrongAccountMessage } from "../../domain/vip-invites.ts"
import { VipInviteScreen } from "./vip-invite-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Perfil e stories/Convite da lista VIP",
  tags: ["seguidora"],
  component: VipInviteScreen,
  args: {
    username: "demo",
    view: { status: "ready", email: "ana@exemplo.com.br" },
    onAccept: fn(),
    onSwitchAccount: fn(),
    loginHref: "/demo/auth",
    profileHref: "/demo",
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof VipInviteScreen>

export default meta
type Story = StoryObj<typeof meta>

const heading = (el: HTMLElement, name: string) =>
  expect(within(el).getByRole("heading", { name })).toBeVisible()

export const SignedOut: Story = {
  name: "Sem login: entrar ou criar conta",
  args: { view: { status: "signed-out" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await heading(canvasElement, "Você foi convidada para a lista VIP")
    await expect(canvas.getByText(/@demo quer dar a você acesso/)).toBeVisible()
    await userEvent.click(canvas.getByRole("link", { name: "Entrar ou criar conta" }))
    await expect(navigate).toHaveBeenLastCalledWith("/demo/auth")
  },
}

export const ReadyToAccept: Story = {
  name: "Pronta para aceitar",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/com a conta ana@exemplo.com.br/)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Aceitar convite" }))
    await expect(args.onAccept).toHaveBeenCalledTimes(1)
  },
}

export const Accepting: Story = {
  name: "Aceitando",
  args: { view: { status: "ready", email: "ana@exemplo.com.br", accepting: true } },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: /Aceitar convite/ })
    await expect(button).toBeDisabled()
    await userEvent.click(button)
    await expect(args.onAccept).not.toHaveBeenCalled()
  },
}

export const Accepted: Story = {
  name: "Convite aceito",
  args: { view: { status: "accepted" } },
  play: async ({ canvasElement }) => {
    await heading(canvasElement, "Você está na lista VIP")
    await userEvent.click(within(canvasElement).getByRole("link", { name: "Ver o conteúdo" }))
    await expect(navigate).toHaveBeenCalledWith("/demo")
  },
}

export const InvalidOrExpired: Story = {
  name: "Convite inválido ou expirado",
  args: { view: { status: "invalid", message: vipInviteInvalidMessage } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await heading(canvasElement, "Convite inválido")
    await expect(canvas.getByText(vipInviteInvalidMessage)).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Aceitar convite" })).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole("link", { name: "Ir para o perfil" }))
    await expect(navigate).toHaveBeenCalledWith("/demo")
  },
}

export const WrongAccount: Story = {
  name: "Conta de outro e-mail",
  args: {
    view: {
      status: "wrong-account",
      message: vipInviteWrongAccountMessage,
      email: "bia@exemplo.com.br",
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await heading(canvasElement, "Este convite é de outra conta")
    await expect(canvas.getByText(vipInviteWrongAccountMessage)).toBeVisible()
    await expect(canvas.getByText("Você entrou como bia@exemplo.com.br.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Entrar com outra conta" }))
    await expect(args.onSwitchAccount).toHaveBeenCalled()
  },
}

export const AcceptError: Story = {
  name: "Erro ao aceitar",
  args: {
    view: {
      status: "error",
      message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("Não foi possível conectar.")
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onAccept).toHaveBeenCalled()
  },
}
