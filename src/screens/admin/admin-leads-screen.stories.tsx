import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { daysFrom, FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { adminLeads, makeLead } from "../../testing/fixtures/studio.ts"
import {
  AdminLeadsScreen,
  type AdminLeadsScreenProps,
  type LeadsFilters,
} from "./admin-leads-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

function Controlled(props: AdminLeadsScreenProps) {
  const [filters, setFilters] = useState<LeadsFilters>(props.filters)
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <AdminLeadsScreen
        {...props}
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next)
          props.onFiltersChange(next)
        }}
      />
    </div>
  )
}

const meta = {
  title: "Telas/Operação/Leads",
  tags: ["operação", "jornada-leads"],
  component: AdminLeadsScreen,
  render: (args) => <Controlled {...args} />,
  args: {
    view: { status: "ready", leads: adminLeads },
    filters: { q: "", status: "all" },
    onFiltersChange: fn(),
    onRetry: fn(),
    onSetContacted: fn(async () => {}),
    onInvite: fn(async () => {}),
    onResendInvite: fn(async () => {}),
  },
} satisfies Meta<typeof AdminLeadsScreen>

export default meta
type Story = StoryObj<typeof meta>

const lead = (el: HTMLElement, instagram: string) =>
  within(el).getByRole("region", { name: `Lead ${instagram}` })

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Você não tem permissão para acessar este recurso." } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Você não tem permissão para acessar este recurso."),
    ).toBeVisible()
  },
}

export const Empty: Story = {
  name: "Nenhum lead encontrado",
  args: { view: { status: "ready", leads: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Nenhum lead encontrado.")).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de leads",
  play: async ({ canvasElement }) => {
    const bela = lead(canvasElement, "@bela.luz")
    await expect(bela).toHaveTextContent("Novo")
    await expect(bela).toHaveTextContent("bela@exemplo.com.br")
    await expect(
      within(bela).getByRole("link", { name: "WhatsApp (11) 98765-4321" }),
    ).toHaveAttribute("href", "https://wa.me/5511987654321")
    await expect(within(bela).getByRole("link", { name: "@bela.luz" })).toHaveAttribute(
      "href",
      "https://instagram.com/bela.luz",
    )
    await expect(bela).toHaveTextContent("Recebido em 21/11/2026")
    const caio = lead(canvasElement, "@caio.fit")
    await expect(caio).toHaveTextContent("Contatado")
    await expect(within(caio).getByRole("button", { name: "Desmarcar contato" })).toBeVisible()
    const duda = lead(canvasElement, "@duda.art")
    await expect(duda).toHaveTextContent("Convidado")
    await expect(duda).toHaveTextContent("Página criada: /duda.art")
    await expect(duda).toHaveTextContent(
      "Convite enviado em 15/11/2026 · aceito: ela já escolheu a senha",
    )
    await expect(within(duda).queryByRole("button")).toBeNull()
  },
}

export const SearchAndFilter: Story = {
  name: "Buscar e filtrar",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("Buscar por instagram, e-mail ou WhatsApp"), "bela")
    await userEvent.selectOptions(canvas.getByLabelText("Situação"), "new")
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ q: "bela", status: "new" })
  },
}

export const MarkContacted: Story = {
  name: "Marcar como contatado",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(lead(canvasElement, "@bela.luz")).getByRole("button", {
        name: "Marcar como contatado",
      }),
    )
    await waitFor(() => expect(args.onSetContacted).toHaveBeenCalledWith("lead-bela", true))
    await userEvent.click(
      within(lead(canvasElement, "@caio.fit")).getByRole("button", { name: "Desmarcar contato" }),
    )
    await waitFor(() => expect(args.onSetContacted).toHaveBeenCalledWith("lead-caio", false))
  },
}

export const Invite: Story = {
  name: "Convidar como criadora",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(lead(canvasElement, "@bela.luz")).getByRole("button", {
        name: "Convidar como criadora",
      }),
    )
    const dialog = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Convidar como criadora" }),
    )
    await waitFor(() => expect(dialog.getByText("bela@exemplo.com.br")).toBeVisible())
    await expect(dialog.getByLabelText("Nome de usuário")).toHaveValue("bela.luz")
    await userEvent.clear(dialog.getByLabelText("Nome da criadora"))
    await userEvent.type(dialog.getByLabelText("Nome da criadora"), "Bela Luz")
    await userEvent.click(dialog.getByRole("button", { name: "Enviar convite" }))
    await waitFor(() =>
      expect(args.onInvite).toHaveBeenCalledWith("lead-bela", {
        username: "bela.luz",
        fullName: "Bela Luz",
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Convite enviado para bela@exemplo.com.br",
    )
  },
}

export const InviteUsernameTaken: Story = {
  name: "Nome de usuário já em uso",
  args: {
    onInvite: fn(async () => {
      throw { message: "Este nome de usuário já está em uso", field: "username" }
    }),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(lead(canvasElement, "@bela.luz")).getByRole("button", {
        name: "Convidar como criadora",
      }),
    )
    const dialog = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Convidar como criadora" }),
    )
    const username = dialog.getByLabelText("Nome de usuário")
    await userEvent.click(dialog.getByRole("button", { name: "Enviar convite" }))
    // The dialog may still be fading in: its content reads as hidden until the first frame.
    await waitFor(() =>
      expect(dialog.getByText("Este nome de usuário já está em uso")).toBeVisible(),
    )
    // Kept while the field holds the refused name: leaving the field checks it again, and so
    // does sending again, which asks the server nothing.
    await userEvent.click(username)
    await userEvent.tab()
    await userEvent.click(dialog.getByRole("button", { name: "Enviar convite" }))
    await waitFor(() =>
      expect(dialog.getByRole("button", { name: "Enviar convite" })).toBeEnabled(),
    )
    await expect(username).toHaveAccessibleDescription("Este nome de usuário já está em uso")
    await expect(args.onInvite).toHaveBeenCalledTimes(1)
    await userEvent.clear(dialog.getByLabelText("Nome de usuário"))
    await userEvent.type(dialog.getByLabelText("Nome de usuário"), "a b")
    // Checked as it is typed: "a" alone is valid, so the message settles on the last keystroke.
    await waitFor(() =>
      expect(dialog.getByLabelText("Nome de usuário")).toHaveAccessibleDescription("Inválido"),
    )
  },
}

/** Invited three days ago, she has not chosen a password yet: the link still works. */
const invitedLead = makeLead({
  id: "lead-eva",
  instagram: "@eva.voz",
  email: "eva@exemplo.com.br",
  status: "invited",
  invitedAt: daysFrom(FIXED_NOW, -3),
  creatorUsername: "eva.voz",
  invite: { state: "pending", expiresAt: daysFrom(FIXED_NOW, 4) },
})

export const InvitePending: Story = {
  name: "Convite enviado",
  args: { view: { status: "ready", leads: [invitedLead] } },
  play: async ({ canvasElement, args }) => {
    const eva = lead(canvasElement, "@eva.voz")
    await expect(eva).toHaveTextContent("Convidado")
    await expect(eva).not.toHaveTextContent("Convite expirado")
    await expect(eva).toHaveTextContent(/Convite enviado em 19\/11\/2026 · vale até 26\/11\/2026/)
    await userEvent.click(within(eva).getByRole("button", { name: "Reenviar convite" }))
    await waitFor(() => expect(args.onResendInvite).toHaveBeenCalledWith("lead-eva"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Novo convite enviado para eva@exemplo.com.br. O link anterior não vale mais.",
    )
  },
}

/** A week passed without a password: the old link no longer signs in, a new one is sent. */
export const InviteExpired: Story = {
  name: "Convite expirado",
  args: {
    view: {
      status: "ready",
      leads: [
        {
          ...invitedLead,
          invitedAt: daysFrom(FIXED_NOW, -10),
          invite: { state: "expired", expiresAt: daysFrom(FIXED_NOW, -3) },
        },
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const eva = lead(canvasElement, "@eva.voz")
    await expect(within(eva).getByText("Convite expirado")).toBeVisible()
    await expect(eva).toHaveTextContent(/Convite enviado em 12\/11\/2026 · expirou em 19\/11\/2026/)
    await userEvent.click(within(eva).getByRole("button", { name: "Reenviar convite" }))
    await waitFor(() => expect(args.onResendInvite).toHaveBeenCalledWith("lead-eva"))
  },
}

export const ResendInviteFails: Story = {
  name: "Erro ao reenviar convite",
  args: {
    view: { status: "ready", leads: [invitedLead] },
    onResendInvite: fn(async () => {
      throw {
        message:
          "Ela já escolheu a senha e entra no estúdio com ela. Se esqueceu, pode recuperá-la em Esqueci a senha.",
      }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(lead(canvasElement, "@eva.voz")).getByRole("button", { name: "Reenviar convite" }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Ela já escolheu a senha e entra no estúdio com ela. Se esqueceu, pode recuperá-la em Esqueci a senha.",
    )
  },
}
