import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import { billingStates } from "../../testing/fixtures/billing-status.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { PaymentStatusContent } from "./payment-status-content.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Conteúdo do status",
  tags: ["seguidora", "jornada-cartao"],
  component: PaymentStatusContent,
  args: {
    kind: "failed",
    payment: billingStates.canceled.payment,
    profile: makeProfile(),
    profileHref: "/demo",
    paymentHref: "/demo/payment",
    onUploadReceipt: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <main className="flex min-h-dvh flex-col p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PaymentStatusContent>

export default meta
type Story = StoryObj<typeof meta>

/** A refused card (no Pix receipt involved): only a new plan helps. */
export const CardFailed: Story = {
  name: "Pagamento não autorizado no cartão",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Pagamento não autorizado" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Escolher outro plano" })).toHaveAttribute(
      "href",
      "/demo/payment",
    )
    await expect(canvas.queryByLabelText("Comprovante do PIX")).not.toBeInTheDocument()
  },
}

/** A boleto without its address yet: only the change-method link. */
export const BoletoWithoutUrl: Story = {
  name: "Boleto sem link",
  args: {
    kind: "pendingBoleto",
    payment: { ...billingStates.pendingBoleto.payment!, boletoUrl: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("link", { name: "Ver boleto" })).not.toBeInTheDocument()
    await expect(canvas.getByRole("link", { name: "Trocar forma de pagamento" })).toBeVisible()
  },
}
