import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { vipInviteSentMessage } from "../../domain/vip-invites.ts"
import { makeReceipt, studioSubscribers } from "../../testing/fixtures/studio.ts"
import { vipInvites } from "../../testing/fixtures/vip-invites.ts"
import {
  StudioSubscribersScreen,
  type StudioSubscribersScreenProps,
  type SubscribersFilters,
} from "./studio-subscribers-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"
import { loadInviteForm } from "./vip-invites-panel.tsx"

function Controlled(props: StudioSubscribersScreenProps) {
  const [filters, setFilters] = useState<SubscribersFilters>(props.filters)
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <StudioSubscribersScreen
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
  title: "Telas/Estúdio/Assinantes",
  tags: ["criadora", "jornada-estudio"],
  // The form's code arrives after the page's first paint; the stories show it once it has.
  loaders: [() => loadInviteForm()],
  component: StudioSubscribersScreen,
  render: (args) => <Controlled {...args} />,
  args: {
    view: { status: "ready", subscribers: studioSubscribers },
    filters: { q: "", status: "all", method: "all" },
    onFiltersChange: fn(),
    onRetry: fn(),
    vip: {
      view: { status: "ready", invites: vipInvites },
      now: FIXED_NOW,
      onRetry: fn(),
      onInvite: fn(async () => vipInviteSentMessage),
      onWithdraw: fn(async () => {}),
    },
    onRemoveVip: fn(async () => {}),
    receipts: {
      view: { status: "ready", receipts: [makeReceipt()] },
      now: FIXED_NOW,
      onRetry: fn(),
      onApprove: fn(async () => {}),
      onReject: fn(async () => {}),
    },
  },
} satisfies Meta<typeof StudioSubscribersScreen>

export default meta
type Story = StoryObj<typeof meta>

const card = (el: HTMLElement, email: string) => within(el).getByRole("region", { name: email })

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getAllByRole("button", { name: "Tentar novamente" })[0]!,
    )
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nenhum assinante",
  args: {
    view: { status: "ready", subscribers: [] },
    receipts: { ...meta.args.receipts, view: { status: "ready", receipts: [] } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        "Você ainda não tem assinantes. Divulgue o link da sua página!",
      ),
    ).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de assinantes",
  play: async ({ canvasElement }) => {
    const ana = card(canvasElement, "ana@exemplo.com.br")
    await expect(ana).toHaveTextContent("Ana Assinante")
    await expect(ana).toHaveTextContent("pago")
    await expect(ana).toHaveTextContent("PlanoMensal")
    await expect(ana).toHaveTextContent("Início13/10/2026")
    await expect(ana).toHaveTextContent("Fim do período12/12/2026")
    await expect(ana).toHaveTextContent("PagamentoPix")
    const bruno = card(canvasElement, "bruno@exemplo.com.br")
    await expect(bruno).toHaveTextContent("PlanoTrimestral")
    await expect(bruno).toHaveTextContent("PagamentoCartão de crédito")
    const carla = card(canvasElement, "carla@exemplo.com.br")
    await expect(carla).toHaveTextContent("lista vip")
    await expect(carla).toHaveTextContent("Fim do períodoSem data de fim")
    await expect(within(carla).getByRole("button", { name: "Tirar da lista VIP" })).toBeVisible()
    const davi = card(canvasElement, "davi@exemplo.com.br")
    await expect(davi).toHaveTextContent("aguardando pagamento")
    await expect(davi).toHaveTextContent("Comprovante em análise")
    await expect(
      within(canvasElement).getByRole("region", { name: "Comprovante de Davi Pendente" }),
    ).toBeVisible()
    // Invited, not accepted yet: shown by the e-mail typed, like every invitation.
    const elisa = within(canvasElement).getByRole("group", { name: "elisa@exemplo.com.br" })
    await expect(elisa).toHaveTextContent("Convite enviado")
  },
}

export const SearchAndFilter: Story = {
  name: "Buscar e filtrar",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("Buscar por e-mail ou nome"), "ana")
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      q: "ana",
      status: "all",
      method: "all",
    })
    await userEvent.selectOptions(canvas.getByLabelText("Status"), "active")
    await userEvent.selectOptions(canvas.getByLabelText("Forma de pagamento"), "pix")
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      q: "ana",
      status: "active",
      method: "pix",
    })
    await expect(canvas.getByRole("option", { name: "lista vip" })).toBeInTheDocument()
  },
}

export const NoMatch: Story = {
  name: "Ninguém encontrado",
  args: {
    view: { status: "ready", subscribers: [] },
    filters: { q: "zzz", status: "all", method: "all" },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Ninguém encontrado com esses filtros."),
    ).toBeVisible()
  },
}

export const RemoveVip: Story = {
  name: "Tirar da lista VIP",
  play: async ({ canvasElement, args }) => {
    const carla = card(canvasElement, "carla@exemplo.com.br")
    await userEvent.click(within(carla).getByRole("button", { name: "Tirar da lista VIP" }))
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Tirar da lista VIP?",
    })
    await expect(dialog).toHaveTextContent("carla@exemplo.com.br perde o acesso agora")
    await userEvent.click(within(dialog).getByRole("button", { name: "Tirar da lista" }))
    await waitFor(() => expect(args.onRemoveVip).toHaveBeenCalledWith("sub-carla"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Removida da lista VIP",
    )
  },
}

/** More subscribers than a page: the next loads as the list's foot nears the viewport. */
export const MoreSubscribers: Story = {
  name: "Carregar mais assinantes",
  args: {
    view: { status: "ready", subscribers: studioSubscribers, more: { status: "more" } },
    onLoadMore: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole("button", { name: "Carregar mais assinantes" })
    button.focus()
    await userEvent.keyboard("{Enter}")
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled())
  },
}

export const LoadingMoreSubscribers: Story = {
  name: "Carregando mais assinantes",
  args: {
    view: { status: "ready", subscribers: studioSubscribers, more: { status: "loading" } },
    onLoadMore: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Carregando mais…")
    await userEvent.click(canvas.getByRole("button", { name: "Carregar mais assinantes" }))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const AllSubscribersShown: Story = {
  name: "Todos os assinantes",
  args: {
    view: { status: "ready", subscribers: studioSubscribers, more: { status: "end" } },
    onLoadMore: fn(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Esses são todos os assinantes.")
    await expect(
      canvas.queryByRole("button", { name: "Carregar mais assinantes" }),
    ).not.toBeInTheDocument()
  },
}

export const MoreSubscribersError: Story = {
  name: "Erro ao carregar mais",
  args: {
    view: {
      status: "ready",
      subscribers: studioSubscribers,
      more: {
        status: "error",
        message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
      },
    },
    onLoadMore: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // The subscribers already shown stay on screen.
    await expect(card(canvasElement, studioSubscribers[0]!.email)).toBeVisible()
    await expect(canvas.getByRole("alert")).toHaveTextContent("Não foi possível conectar.")
    await userEvent.click(
      canvas.getByRole("button", { name: "Tentar de novo: Carregar mais assinantes" }),
    )
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1)
  },
}
