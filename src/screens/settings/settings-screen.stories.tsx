import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { FIXED_NOW, daysFrom } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { SettingsScreen, type SettingsView } from "./settings-screen.tsx"

const navigate = fn()
const profile = makeProfile()
const account = { email: "fa@exemplo.com.br", fullName: "Fã Demo" }
const ready = (over: Partial<Extract<SettingsView, { status: "ready" }>>): SettingsView => ({
  status: "ready",
  account,
  creator: profile,
  subscription: makeSubscription({ performer: { ...profile } }),
  ...over,
})

const meta = {
  title: "Telas/Minha conta/Minha conta",
  tags: ["seguidora", "jornada-cancelar"],
  component: SettingsScreen,
  args: {
    view: ready({}),
    now: FIXED_NOW,
    onBack: fn(),
    onRetry: fn(),
    onLogout: fn(),
    hrefs: {
      auth: "/demo/auth",
      profile: "/demo",
      payment: "/demo/payment",
      paymentStatus: "/demo/payment/status",
      cancel: "/demo/setting/cancel",
      updateCard: "/demo/setting/card",
      support: "https://ajuda.exemplo.com.br/contato",
    },
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof SettingsScreen>

export default meta
type Story = StoryObj<typeof meta>

const region = (el: HTMLElement, name: string) => within(el).getByRole("region", { name })

export const Visitor: Story = {
  name: "Visitante",
  args: { view: ready({ account: null, subscription: null }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Voltar" }))
    await expect(args.onBack).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByText("Efetue o cadasto ou o login da sua conta"))
    await expect(navigate).toHaveBeenCalledWith("/demo/auth")
    await expect(canvas.queryByRole("button", { name: "Sair da conta" })).toBeNull()
    await expect(canvas.queryByRole("link", { name: /Cancelar assinatura/ })).toBeNull()
  },
}

export const NoSubscription: Story = {
  name: "Sem assinatura",
  args: { view: ready({ subscription: null }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(region(canvasElement, "Conta")).toHaveTextContent("fa@exemplo.com.br")
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("inativa")
    await userEvent.click(within(card).getByRole("link", { name: /Status\s*Nenhum/ }))
    await expect(navigate).toHaveBeenCalledWith("/demo/payment")
    await userEvent.click(canvas.getByRole("button", { name: "Sair da conta" }))
    await expect(args.onLogout).toHaveBeenCalledTimes(1)
    await expect(canvas.getByRole("link", { name: "Falar com o suporte" })).toHaveAttribute(
      "href",
      "https://ajuda.exemplo.com.br/contato",
    )
  },
}

export const Active: Story = {
  name: "Assinatura ativa",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const card = region(canvasElement, "Assinatura")
    await step("creator, label and dates", async () => {
      await expect(card).toHaveTextContent("Ana Demo")
      await expect(card).toHaveTextContent("@demo")
      await expect(card).toHaveTextContent("ativa")
      await expect(card).toHaveTextContent("Início12/11/2026")
      await expect(card).toHaveTextContent("Vencimento12/12/2026")
      await expect(card).toHaveTextContent("Pagamentopago")
      await expect(card).not.toHaveTextContent("Cancelada em")
    })
    await step("a paid status row leads nowhere", async () => {
      await expect(within(card).queryByRole("link", { name: /Status/ })).toBeNull()
      await expect(card).toHaveTextContent("Statuspago")
    })
    await step("the creator leads to the profile; cancel is offered", async () => {
      await userEvent.click(within(card).getByRole("link", { name: /Ana Demo/ }))
      await expect(navigate).toHaveBeenLastCalledWith("/demo")
      await userEvent.click(canvas.getByRole("link", { name: "Cancelar assinatura" }))
      await expect(navigate).toHaveBeenLastCalledWith("/demo/setting/cancel")
    })
    await step("paid by Pix: no card to update", async () => {
      await expect(canvas.queryByRole("link", { name: "Atualizar cartão" })).toBeNull()
    })
  },
}

const cardPayment = (status: "paid" | "failed") =>
  makePayment({ paymentMethod: "credit_card", status })

/** Paid by card: the card of the next renewals can be changed, beside cancel. */
export const CardActive: Story = {
  name: "Cartão ativo",
  args: {
    view: ready({
      subscription: makeSubscription({
        paymentMethod: "credit_card",
        payment: cardPayment("paid"),
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole("navigation", { name: "Opções da conta" })
    const links = within(menu).getAllByRole("link")
    await expect(links.map((link) => link.textContent)).toEqual([
      "Atualizar cartão",
      "Cancelar assinatura",
      "Falar com o suporte",
    ])
    await userEvent.click(within(menu).getByRole("link", { name: "Atualizar cartão" }))
    await expect(navigate).toHaveBeenCalledWith("/demo/setting/card")
  },
}

/** The bank refused the card: no access, and a new card pays it ("Atualizar cartão"). */
export const CardRefused: Story = {
  name: "Cartão recusado",
  args: {
    view: ready({
      subscription: makeSubscription({
        status: "unpaid",
        paymentMethod: "credit_card",
        payment: cardPayment("failed"),
        currentPeriodEnd: daysFrom(FIXED_NOW, -1),
        failedDate: daysFrom(FIXED_NOW, -1),
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(region(canvasElement, "Assinatura")).toHaveTextContent("inativa")
    await expect(canvas.queryByRole("link", { name: "Cancelar assinatura" })).toBeNull()
    const update = canvas.getByRole("link", { name: "Atualizar cartão" })
    update.focus()
    await userEvent.keyboard("{Enter}")
    await expect(navigate).toHaveBeenCalledWith("/demo/setting/card")
  },
}

/** Where the gateway keeps no cards there is nothing to update, even for a card subscription. */
export const CardWithoutSavedCards: Story = {
  name: "Cartão sem cartões salvos",
  args: {
    ...CardActive.args,
    hrefs: { ...meta.args.hrefs, updateCard: undefined },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: "Cancelar assinatura" })).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Atualizar cartão" })).toBeNull()
  },
}

/** Cancelled but paid up: access continues until the period ends, and no second cancel. */
export const Cancelled: Story = {
  name: "Assinatura cancelada",
  args: {
    view: ready({ subscription: makeSubscription({ canceledDate: daysFrom(FIXED_NOW, -2) }) }),
  },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("cancelada")
    await expect(card).toHaveTextContent("Cancelada em20/11/2026")
    await expect(card).toHaveTextContent("Você continua com acesso até 12/12/2026.")
    await expect(
      within(canvasElement).queryByRole("link", { name: "Cancelar assinatura" }),
    ).toBeNull()
  },
}

export const PendingPix: Story = {
  name: "Pix aguardando pagamento",
  args: {
    view: ready({
      subscription: makeSubscription({
        status: "pending",
        payment: makePayment({ status: "pending" }),
        currentPeriodStart: null,
        currentPeriodEnd: null,
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("inativa")
    await expect(card).toHaveTextContent("Pagamentoaguardando pagamento")
    await expect(card).not.toHaveTextContent("Vencimento")
    await userEvent.click(within(card).getByRole("link", { name: /Status\s*aguardando pagamento/ }))
    await expect(navigate).toHaveBeenCalledWith("/demo/payment/status")
    await expect(
      within(canvasElement).queryByRole("link", { name: "Cancelar assinatura" }),
    ).toBeNull()
  },
}

export const Unpaid: Story = {
  name: "Pagamento pendente",
  args: {
    view: ready({
      subscription: makeSubscription({
        status: "unpaid",
        payment: makePayment({ status: "failed" }),
        currentPeriodEnd: daysFrom(FIXED_NOW, -1),
        failedDate: daysFrom(FIXED_NOW, -1),
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("Falha em21/11/2026")
    await expect(card).toHaveTextContent("Pagamentofailed")
    await userEvent.click(within(card).getByRole("link", { name: /Status\s*pendente/ }))
    await expect(navigate).toHaveBeenCalledWith("/demo/payment")
  },
}

/** A payment in analysis: the status row leads to the payment status, even for an unpaid one. */
export const AnalyzingPayment: Story = {
  name: "Pagamento em análise",
  args: {
    view: ready({
      subscription: makeSubscription({
        status: "unpaid",
        payment: makePayment({ status: "analyzing" }),
        currentPeriodStart: null,
        currentPeriodEnd: null,
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("PagamentoEm análise")
    await userEvent.click(within(card).getByRole("link", { name: /Status\s*pendente/ }))
    await expect(navigate).toHaveBeenCalledTimes(1)
    await expect(navigate).toHaveBeenCalledWith("/demo/payment/status")
  },
}

/** Whitelist, trial and paid: the status row is plain text and a tap on it does nothing. */
export const WhitelistStatusRow: Story = {
  name: "Lista VIP",
  args: {
    view: ready({ subscription: makeSubscription({ status: "whitelist", payment: null }) }),
  },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("Statuslista vip")
    await expect(within(card).queryByRole("link", { name: /Status/ })).toBeNull()
    await userEvent.click(within(card).getByText("lista vip"))
    await expect(navigate).not.toHaveBeenCalled()
  },
}

export const TrialingStatusRow: Story = {
  name: "Em trial",
  args: { view: ready({ subscription: makeSubscription({ status: "trialing" }) }) },
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(card).toHaveTextContent("Statusem trial")
    await expect(within(card).queryByRole("link", { name: /Status/ })).toBeNull()
    await userEvent.click(within(card).getByText("em trial"))
    await expect(navigate).not.toHaveBeenCalled()
  },
}

export const PaidStatusRow: Story = {
  name: "Pago",
  play: async ({ canvasElement }) => {
    const card = region(canvasElement, "Assinatura")
    await expect(within(card).queryByRole("link", { name: /Status/ })).toBeNull()
    await userEvent.click(within(card).getByText("Status"))
    await expect(navigate).not.toHaveBeenCalled()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible()
    // The cards keep a phone's column in the middle of a wide screen.
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBe(448)
    await expect(Math.abs(main.left - (window.innerWidth - main.right))).toBeLessThan(2)
    await expect(region(canvasElement, "Assinatura")).toHaveTextContent("Ana Demo")
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
    await expect(within(canvasElement).queryByRole("region")).toBeNull()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Erro ao carregar os dados de assinatura" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Erro ao carregar os dados de assinatura",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const WithAccountData: Story = {
  name: "Com Seus dados",
  args: {
    accountData: { onExport: fn(async () => undefined), onCloseAccount: fn(async () => undefined) },
  },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement, "Seus dados")
    await userEvent.click(within(section).getByRole("button", { name: "Exportar meus dados" }))
    await expect(args.accountData!.onExport).toHaveBeenCalledTimes(1)
    await expect(within(section).getByRole("button", { name: "Encerrar conta" })).toBeVisible()
  },
}

/** Signed in: besides "Sair da conta", every session of the account can end from here. */
export const WithLogoutEverywhere: Story = {
  name: "Com Sair de todos os dispositivos",
  args: { onLogoutEverywhere: fn(async () => undefined) },
  play: async ({ canvasElement, args }) => {
    const menu = within(canvasElement).getByRole("navigation", { name: "Opções da conta" })
    await userEvent.click(
      within(menu).getByRole("button", { name: "Sair de todos os dispositivos" }),
    )
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("alertdialog", {
      name: "Sair de todos os dispositivos?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Sair de todos" }))
    await expect(args.onLogoutEverywhere).toHaveBeenCalledTimes(1)
    await expect(args.onLogout).not.toHaveBeenCalled()
  },
}

export const VisitorWithoutLogoutEverywhere: Story = {
  name: "Visitante sem Sair de todos",
  args: { ...WithLogoutEverywhere.args, view: ready({ account: null, subscription: null }) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).queryByRole("button", { name: "Sair de todos os dispositivos" }),
    ).toBeNull()
  },
}

export const VisitorWithoutAccountData: Story = {
  name: "Visitante sem Seus dados",
  args: {
    ...WithAccountData.args,
    view: ready({ account: null, subscription: null }),
  },
  play: async ({ canvasElement }) => {
    // Nothing to export or close without an account.
    await expect(within(canvasElement).queryByRole("region", { name: "Seus dados" })).toBeNull()
    await expect(within(canvasElement).queryByRole("button", { name: "Encerrar conta" })).toBeNull()
  },
}
