import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { FIXED_NOW, daysFrom } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { SettingsSubscriptionCard } from "./settings-subscription-card.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Minha assinatura",
  tags: ["seguidora", "jornada-cancelar"],
  component: SettingsSubscriptionCard,
  args: {
    creator: makeProfile(),
    subscription: makeSubscription(),
    now: FIXED_NOW,
    profileHref: "/demo",
    statusHref: null,
  },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SettingsSubscriptionCard>

export default meta
type Story = StoryObj<typeof meta>

export const Paid: Story = {
  name: "Pago",
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Assinatura" })
    await expect(card).toHaveTextContent("ativa")
    await expect(within(card).getByRole("link", { name: /Ana Demo/ })).toHaveAttribute(
      "href",
      "/demo",
    )
    await expect(within(card).queryByRole("link", { name: /Status/ })).toBeNull()
    // The creator's avatar in the renditions of its 44 px circle.
    const avatar = card.querySelector("img")!
    await expect(avatar).toHaveAttribute("srcset", makeProfile().profilePicImage!.jpeg)
    await expect(avatar).toHaveAttribute("sizes", "44px")
  },
}

/** Refunded: no access any more, and the refund date is shown. */
export const Refunded: Story = {
  name: "Estornada",
  args: {
    subscription: makeSubscription({
      status: "canceled",
      payment: makePayment({ status: "refunded" }),
      refundedDate: daysFrom(FIXED_NOW, -1),
    }),
    statusHref: "/demo/payment",
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Assinatura" })
    await expect(card).toHaveTextContent("inativa")
    await expect(card).toHaveTextContent("Estornada em21/11/2026")
    await expect(card).toHaveTextContent("Pagamentorefunded")
    await expect(within(card).getByRole("link", { name: /Status\s*cancelado/ })).toHaveAttribute(
      "href",
      "/demo/payment",
    )
  },
}
