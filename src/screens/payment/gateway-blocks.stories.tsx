import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { MercadoPagoBlock, PixGenerateBlock } from "./gateway-blocks.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Blocos por provedor",
  tags: ["seguidora", "jornada-pix", "jornada-cartao"],
  component: PixGenerateBlock,
  args: {
    plan: demoPlans[0]!,
    gateway: "bacen",
    payeeName: "Ana Demo",
    onGeneratePix: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PixGenerateBlock>

export default meta
type Story = StoryObj<typeof meta>

export const PixWithPlan: Story = {
  name: "Pix com plano",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Pagamento com PIX" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Gerar PIX" }))
    await expect(args.onGeneratePix).toHaveBeenCalledWith(demoPlans[0])
  },
}

export const PixWithoutPlan: Story = {
  name: "Pix sem plano escolhido",
  args: { plan: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Escolha um plano para continuar.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Gerar PIX" })).toBeDisabled()
  },
}

export const MercadoPagoCardOnly: StoryObj<typeof MercadoPagoBlock> = {
  name: "Mercado Pago, só cartão",
  render: (args) => <MercadoPagoBlock {...args} />,
  args: { plan: demoPlans[1]!, methods: ["pix", "credit_card"], onContinue: fn(async () => {}) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("radio")).toHaveLength(1)
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(args.onContinue).toHaveBeenCalledWith("credit_card", demoPlans[1])
  },
}
