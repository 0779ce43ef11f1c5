import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import type { Payment } from "../../domain/models.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { PaymentStatusScreen } from "./payment-status-screen.tsx"

const cardPayment = (status: Payment["status"]) => ({
  status: "ready" as const,
  subscription: makeSubscription({
    status: "unpaid",
    paymentMethod: "credit_card",
    payment: makePayment({ status, paymentMethod: "credit_card", paymentGateway: "iugu" }),
  }),
})

/** A card payment refused or overdue at iugu: a new card pays it ("Atualizar cartão"). */
const meta = {
  title: "Telas/Pagamento/Status do pagamento - cartão vencido",
  tags: ["seguidora", "jornada-cartao"],
  component: PaymentStatusScreen,
  args: {
    view: cardPayment("failed"),
    profile: makeProfile({ paymentGateway: "iugu" }),
    secondsToRefresh: 5,
    onRefresh: fn(),
    onUploadReceipt: fn(async () => {}),
    profileHref: "/demo",
    paymentHref: "/demo/payment",
    updateCardHref: "/demo/setting/card",
  },
} satisfies Meta<typeof PaymentStatusScreen>

export default meta
type Story = StoryObj<typeof meta>

export const RefusedCardPayment: Story = {
  name: "Pagamento não autorizado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 2, name: "Pagamento não autorizado" }),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Atualizar cartão" })).toHaveAttribute(
      "href",
      "/demo/setting/card",
    )
    await expect(canvas.getByRole("link", { name: "Escolher outro plano" })).toHaveAttribute(
      "href",
      "/demo/payment",
    )
  },
}

export const OverdueCardPayment: Story = {
  name: "Pagamento vencido",
  args: { view: cardPayment("overdue") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Pagamento vencido" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Atualizar cartão" })).toHaveAttribute(
      "href",
      "/demo/setting/card",
    )
  },
}
