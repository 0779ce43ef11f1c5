import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { vipInviteSentMessage } from "../../domain/vip-invites.ts"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { vipInvites } from "../../testing/fixtures/vip-invites.ts"
import { pageOf } from "../../testing/story-helpers.tsx"
import { loadInviteForm, VipInvitesPanel } from "./vip-invites-panel.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Convites da lista VIP",
  tags: ["criadora", "jornada-estudio"],
  // The form's code arrives after the page's first paint; the stories show it once it has.
  loaders: [() => loadInviteForm()],
  component: VipInvitesPanel,
  args: {
    view: { status: "ready", invites: vipInvites },
    now: FIXED_NOW,
    onRetry: fn(),
    onInvite: fn(async () => vipInviteSentMessage),
    onWithdraw: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-3xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VipInvitesPanel>

export default meta
type Story = StoryObj<typeof meta>

const emailField = (el: HTMLElement) => within(el).getByLabelText("E-mail da pessoa")
const send = (el: HTMLElement) =>
  userEvent.click(within(el).getByRole("button", { name: "Enviar convite" }))

export const Loading: Story = {
  name: "Carregando convites",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando convites")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar convites",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const NoInvites: Story = {
  name: "Nenhum convite",
  args: { view: { status: "ready", invites: [] } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Nenhum convite aguardando resposta."),
    ).toBeVisible()
  },
}

/** Every invitation reads alike, whether or not its e-mail has an account. */
export const PendingInvites: Story = {
  name: "Convites enviados",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const elisa = canvas.getByRole("group", { name: "elisa@exemplo.com.br" })
    await expect(elisa).toHaveTextContent("Convite enviado")
    await expect(elisa).toHaveTextContent("Enviado em 20/11/2026")
    const fabio = canvas.getByRole("group", { name: "fabio@exemplo.com.br" })
    await expect(fabio).toHaveTextContent("Convite expirado")
  },
}

export const Invite: Story = {
  name: "Enviar convite",
  play: async ({ canvasElement, args }) => {
    await userEvent.type(emailField(canvasElement), "Nova@Exemplo.com.br")
    await send(canvasElement)
    await waitFor(() => expect(args.onInvite).toHaveBeenCalledWith("nova@exemplo.com.br"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      vipInviteSentMessage,
    )
    await expect(emailField(canvasElement)).toHaveValue("")
  },
}

export const InviteValidation: Story = {
  name: "E-mail obrigatório e inválido",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await send(canvasElement)
    await expect(await canvas.findByText("Obrigatório")).toBeVisible()
    await userEvent.type(emailField(canvasElement), "invalido@")
    await expect(await canvas.findByText("Email inválido")).toBeVisible()
    await expect(args.onInvite).not.toHaveBeenCalled()
  },
}

export const InviteOwnEmail: Story = {
  name: "O próprio e-mail",
  args: {
    onInvite: fn(async () => {
      throw { message: "Você não pode se adicionar à própria lista VIP." }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(emailField(canvasElement), "demo@exemplo.com.br")
    await send(canvasElement)
    await expect(
      await within(canvasElement).findByText("Você não pode se adicionar à própria lista VIP."),
    ).toBeVisible()
  },
}

export const Withdraw: Story = {
  name: "Retirar convite",
  play: async ({ canvasElement, args }) => {
    const elisa = within(canvasElement).getByRole("group", { name: "elisa@exemplo.com.br" })
    await userEvent.click(within(elisa).getByRole("button", { name: "Retirar convite" }))
    await waitFor(() => expect(args.onWithdraw).toHaveBeenCalledWith("convite-elisa"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Convite retirado",
    )
  },
}
