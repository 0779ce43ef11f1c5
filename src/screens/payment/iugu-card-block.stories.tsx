import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { cardToken, savedCards } from "../../testing/fixtures/billing-cards.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { IuguCardBlock } from "./iugu-card-block.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Cartão salvo",
  tags: ["seguidora", "jornada-cartao"],
  component: IuguCardBlock,
  args: {
    plan: demoPlans[0]!,
    cards: { status: "ready", cards: savedCards },
    tokenizeCard: fn(async () => ({ ...cardToken })),
    onSubscribe: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof IuguCardBlock>

export default meta
type Story = StoryObj<typeof meta>

export const SavedCardFails: Story = {
  name: "Cartão salvo recusado",
  args: { onSubscribe: fn(async () => Promise.reject({ message: "Cartão recusado" })) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Mastercard/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Assinar" }))
    await expect(args.onSubscribe).toHaveBeenCalledWith({
      plan: demoPlans[0],
      paymentMethodId: "card-master",
    })
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole("alert")).toHaveTextContent("Cartão recusado")
  },
}

export const NoSavedCards: Story = {
  name: "Sem cartões salvos",
  args: { cards: { status: "ready", cards: [] }, plan: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("group", { name: "Seus cartões" })).not.toBeInTheDocument()
    await expect(canvas.getByRole("group", { name: "Dados do cartão" })).toBeVisible()
    await expect(canvas.queryByRole("region", { name: "Resumo da compra" })).not.toBeInTheDocument()
    await expect(canvas.getByRole("button", { name: "Assinar" })).toBeDisabled()
  },
}
