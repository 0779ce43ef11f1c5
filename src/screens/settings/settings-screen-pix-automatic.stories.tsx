import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import type { Subscription } from "../../domain/models.ts"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makeSubscription, pixAutomaticStates } from "../../testing/fixtures/subscription.ts"
import { SettingsScreen } from "./settings-screen.tsx"

const navigate = fn()
const profile = makeProfile()
const withRecurrence = (over: Partial<Subscription>) => ({
  status: "ready" as const,
  account: { email: "fa@exemplo.com.br", fullName: "Fã Demo" },
  creator: profile,
  subscription: makeSubscription({ performer: { ...profile }, ...over }),
})

/** Minha conta of a follower who pays by Pix Automático, one story per recurrence state. */
const meta = {
  title: "Telas/Minha conta/Minha conta - Pix Automático",
  tags: ["seguidora", "jornada-pix-automatico"],
  component: SettingsScreen,
  args: {
    view: withRecurrence(pixAutomaticStates.authorised),
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
} satisfies Meta<typeof SettingsScreen>

export default meta
type Story = StoryObj<typeof meta>

const card = (el: HTMLElement, name: string) => within(el).getByRole("region", { name })

export const Authorised: Story = {
  name: "Pix Automático ativo",
  play: async ({ canvasElement }) => {
    const active = card(canvasElement, "Pix Automático ativo")
    // The bank debits the next period when the paid one ends (makeSubscription: in 20 days).
    await expect(active).toHaveTextContent("Próximo débito: R$ 31,89 em 12/12/2026")
    await expect(active).toHaveTextContent(
      "Seu banco avisa antes de cada débito. Cancele quando quiser, até o dia anterior.",
    )
    await expect(within(active).queryByRole("link")).not.toBeInTheDocument()
    await expect(
      within(canvasElement).getByRole("link", { name: /Cancelar assinatura/ }),
    ).toBeVisible()
  },
}

export const AwaitingAuthorisation: Story = {
  name: "Aguardando autorização no banco",
  args: {
    view: withRecurrence(pixAutomaticStates.awaitingAuthorisation),
  },
  play: async ({ canvasElement }) => {
    const awaiting = card(canvasElement, "Aguardando autorização no seu banco")
    await expect(awaiting).toHaveTextContent(
      "Abra o app do seu banco e autorize a recorrência. O primeiro período é pago na mesma leitura do QR.",
    )
    await expect(awaiting).not.toHaveTextContent("Próximo débito")
  },
}

export const DebitFailed: Story = {
  name: "Débito não realizado",
  args: {
    view: withRecurrence(pixAutomaticStates.debitFailed),
  },
  play: async ({ canvasElement }) => {
    const failed = card(canvasElement, "Débito não realizado")
    await expect(failed).toHaveTextContent(
      "Seu banco não realizou o débito deste período. Pague com um Pix avulso.",
    )
    await expect(within(failed).getByRole("status")).toHaveTextContent(
      "Você mantém o acesso até 24/11.",
    )
    const pay = within(failed).getByRole("link", { name: /^Pagar R\$\s31,89 com Pix avulso$/ })
    await expect(pay).toHaveAttribute("href", "/demo/payment")
    await expect(pay.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
  },
}

export const Cancelled: Story = {
  name: "Pix Automático cancelado",
  args: {
    view: withRecurrence(pixAutomaticStates.cancelled),
  },
  play: async ({ canvasElement }) => {
    const cancelled = card(canvasElement, "Pix Automático cancelado")
    await expect(cancelled).toHaveTextContent(
      "Nenhum novo débito será feito. Você pode assinar de novo quando quiser.",
    )
    await expect(cancelled).not.toHaveTextContent("Próximo débito")
    await expect(
      within(canvasElement).queryByRole("link", { name: /Cancelar assinatura/ }),
    ).not.toBeInTheDocument()
  },
}

export const OneOffPix: Story = {
  name: "Pix avulso",
  args: { view: withRecurrence({ recurrenceStatus: null }) },
  play: async ({ canvasElement }) => {
    // A subscription paid by one-off Pix has no recurrence card.
    await expect(
      within(canvasElement).queryByRole("region", { name: /Pix Automático/ }),
    ).not.toBeInTheDocument()
  },
}
