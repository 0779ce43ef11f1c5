import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import type { AdminSubscription } from "../../domain/admin.ts"
import { FIXED_NOW, daysFrom } from "../../testing/fixtures/clock.ts"
import { auditEntries } from "../../testing/fixtures/studio.ts"
import { AdminAuditScreen } from "./admin-audit-screen.tsx"
import { studioStack } from "../../testing/story-helpers.tsx"

const subscription: AdminSubscription = {
  subscriptionId: "sub-1",
  subscriberAccountId: "buyer",
  creatorAccountId: "creator",
  subscriberEmail: "assinante@demo.com.br",
  creatorUsername: "demo.pix",
  status: "paid",
  plan: "MONTHLY",
  currentPeriodEnd: daysFrom(FIXED_NOW, 30),
  createdAt: daysFrom(FIXED_NOW, -1),
}

const meta = {
  title: "Telas/Operação/Auditoria",
  tags: ["operação", "jornada-leads"],
  component: AdminAuditScreen,
  args: {
    query: "assinante",
    onQueryChange: fn(),
    results: { status: "ready", subscriptions: [subscription] },
    selectedId: "sub-1",
    onSelect: fn(),
    audit: { status: "ready", audit: { subscription, entries: auditEntries } },
    onRetry: fn(),
  },
  decorators: [studioStack],
} satisfies Meta<typeof AdminAuditScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {
  name: "Antes de buscar",
  args: { query: "", results: { status: "idle" }, selectedId: null, audit: { status: "idle" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Busque uma assinatura para ver o histórico dela.")).toBeVisible()
    await expect(canvas.queryByRole("heading", { name: "Histórico" })).toBeNull()
    await userEvent.type(
      canvas.getByLabelText("Buscar por e-mail de quem assina ou usuário da criadora"),
      "a",
    )
    await expect(args.onQueryChange).toHaveBeenCalledWith("a")
  },
}

export const Searching: Story = {
  name: "Buscando",
  args: { results: { status: "loading" }, selectedId: null, audit: { status: "idle" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const NothingFound: Story = {
  name: "Nenhuma assinatura encontrada",
  args: {
    results: { status: "ready", subscriptions: [] },
    selectedId: null,
    audit: { status: "idle" },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Nenhuma assinatura encontrada.")).toBeVisible()
  },
}

export const SearchError: Story = {
  name: "Erro na busca",
  args: {
    results: { status: "error", message: "Inválido" },
    selectedId: null,
    audit: { status: "idle" },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const History: Story = {
  name: "Histórico da assinatura",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const result = canvas.getByRole("button", { pressed: true })
    await expect(result).toHaveTextContent("assinante@demo.com.br")
    await expect(result).toHaveTextContent("@demo.pix · pago · Mensal · até 22/12/2026")
    await userEvent.click(result)
    await expect(args.onSelect).toHaveBeenCalledWith("sub-1")
    const history = within(canvas.getByRole("heading", { name: "Histórico" }).parentElement!)
    const entries = history.getAllByRole("listitem")
    await expect(entries[0]).toHaveTextContent("22/11/2026 10:00")
    await expect(entries[0]).toHaveTextContent("Assinatura: aguardando pagamento")
    await expect(entries[0]).toHaveTextContent("Assinante · checkout")
    await expect(entries[1]).toHaveTextContent("Pagamento: aguardando pagamento → Em análise")
    await expect(entries[2]).toHaveTextContent("Pagamento: Em análise → pago")
    await expect(entries[2]).toHaveTextContent("Criadora · comprovante aprovado pela criadora")
  },
}

export const HistoryLoading: Story = {
  name: "Carregando histórico",
  args: { audit: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Histórico" })).toBeVisible()
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const HistoryEmpty: Story = {
  name: "Histórico vazio",
  args: { audit: { status: "ready", audit: { subscription, entries: [] } } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Nenhuma mudança registrada para esta assinatura."),
    ).toBeVisible()
  },
}
