import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { formatBRL } from "../../domain/money.ts"
import { PixAutomaticCard } from "./pix-automatic-card.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Cartão do Pix Automático",
  tags: ["seguidora", "jornada-pix-automatico"],
  component: PixAutomaticCard,
  args: { state: "authorised", amountCents: 2189, nextDebitAt: "2026-12-23T15:00:00.000Z" },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PixAutomaticCard>

export default meta
type Story = StoryObj<typeof meta>

export const Authorised: Story = {
  name: "Pix Automático ativo",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Pix Automático ativo" })).toBeVisible()
    await expect(canvas.getByText(/^Próximo débito: R\$\s21,89 em 23\/12\/2026$/)).toBeVisible()
    await expect(
      canvas.getByText(
        "Seu banco avisa antes de cada débito. Cancele quando quiser, até o dia anterior.",
      ),
    ).toBeVisible()
  },
}

export const AwaitingAuthorisation: Story = {
  name: "Aguardando autorização no banco",
  args: { state: "awaiting", nextDebitAt: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { name: "Aguardando autorização no seu banco" }),
    ).toBeVisible()
    await expect(canvas.getByText(/autorize a recorrência/)).toBeVisible()
    await expect(canvas.queryByText(/Próximo débito/)).toBeNull()
  },
}

export const DebitFailed: Story = {
  name: "Débito não realizado",
  args: {
    state: "debit_failed",
    accessUntil: "2026-11-26T15:00:00.000Z",
    payHref: "/duda/payment",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Débito não realizado" })).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Você mantém o acesso até 26/11.")
    await expect(
      canvas.getByRole("link", { name: `Pagar ${formatBRL(2189)} com Pix avulso` }),
    ).toHaveAttribute("href", "/duda/payment")
  },
}

export const Cancelled: Story = {
  name: "Pix Automático cancelado",
  args: { state: "cancelled" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Pix Automático cancelado" })).toBeVisible()
    await expect(canvas.getByText(/Nenhum novo débito será feito/)).toBeVisible()
    await expect(canvas.queryByText(/Próximo débito/)).toBeNull()
  },
}
