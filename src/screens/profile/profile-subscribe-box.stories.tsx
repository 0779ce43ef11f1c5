import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { ProfileSubscribeBox } from "./profile-subscribe-box.tsx"

const meta = {
  title: "Telas/Perfil e stories/Partes/Caixa Assinar",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto"],
  component: ProfileSubscribeBox,
  args: { subscription: null, subscriberHref: "/demo/auth", onSubscribe: fn() },
  decorators: [
    (Story) => (
      <div className="flex min-h-60 flex-col">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileSubscribeBox>

export default meta
type Story = StoryObj<typeof meta>

export const NoSubscription: Story = {
  name: "Sem assinatura",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Assinar Close Friends" }))
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
    await expect(canvas.getByRole("link", { name: "Já sou assinante" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    await expect(canvas.queryByRole("status")).toBeNull()
  },
}

export const PaymentInAnalysis: Story = {
  name: "Pagamento em análise",
  args: {
    subscription: makeSubscription({
      status: "pending",
      payment: makePayment({ status: "analyzing" }),
      currentPeriodEnd: null,
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Status da assinatura: Em análise",
    )
  },
}
