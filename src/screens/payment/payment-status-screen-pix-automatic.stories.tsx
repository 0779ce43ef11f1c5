import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import type { Subscription } from "../../domain/models.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makeSubscription, pixAutomaticStates } from "../../testing/fixtures/subscription.ts"
import { PaymentStatusScreen } from "./payment-status-screen.tsx"

const profile = makeProfile({ paymentGateway: "iugu" })
const ready = (over: Partial<Subscription>) => ({
  status: "ready" as const,
  subscription: makeSubscription(over),
})

/** The payment status of a subscription paid by Pix Automático, one story per recurrence state. */
const meta = {
  title: "Telas/Pagamento/Status do pagamento - Pix Automático",
  tags: ["seguidora", "jornada-pix-automatico"],
  component: PaymentStatusScreen,
  args: {
    view: ready(pixAutomaticStates.authorised),
    profile,
    secondsToRefresh: 5,
    onRefresh: fn(),
    onUploadReceipt: fn(async () => {}),
    onOpenBoleto: fn(),
    copyToClipboard: fn(async () => {}),
    profileHref: "/demo",
    paymentHref: "/demo/payment",
  },
} satisfies Meta<typeof PaymentStatusScreen>

export default meta
type Story = StoryObj<typeof meta>

const card = (el: HTMLElement, name: string) => within(el).getByRole("region", { name })

export const Authorised: Story = {
  name: "Pix Automático ativo",
  play: async ({ canvasElement }) => {
    const active = card(canvasElement, "Pix Automático ativo")
    await expect(active).toHaveTextContent("Próximo débito: R$ 31,89 em 12/12/2026")
  },
}

export const AwaitingAuthorisation: Story = {
  name: "Aguardando autorização no banco",
  args: {
    view: ready(pixAutomaticStates.awaitingAuthorisation),
  },
  play: async ({ canvasElement }) => {
    const awaiting = card(canvasElement, "Aguardando autorização no seu banco")
    await expect(awaiting).toHaveTextContent(
      "Abra o app do seu banco e autorize a recorrência. O primeiro período é pago na mesma leitura do QR.",
    )
  },
}

export const DebitFailed: Story = {
  name: "Débito não realizado",
  args: {
    view: ready(pixAutomaticStates.debitFailed),
  },
  play: async ({ canvasElement }) => {
    const failed = card(canvasElement, "Débito não realizado")
    await expect(within(failed).getByRole("status")).toHaveTextContent(
      "Você mantém o acesso até 24/11.",
    )
    await expect(
      within(failed).getByRole("link", { name: /^Pagar R\$\s31,89 com Pix avulso$/ }),
    ).toHaveAttribute("href", "/demo/payment")
  },
}

export const Cancelled: Story = {
  name: "Pix Automático cancelado",
  args: {
    view: ready(pixAutomaticStates.cancelled),
  },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement, "Pix Automático cancelado")).toHaveTextContent(
      "Nenhum novo débito será feito. Você pode assinar de novo quando quiser.",
    )
  },
}
