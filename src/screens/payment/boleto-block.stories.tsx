import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { boletoPayerOutput, typeBoletoPayer } from "../../testing/fixtures/boleto.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { BoletoBlock } from "./boleto-block.tsx"

const monthly = demoPlans[0]!

const meta = {
  title: "Telas/Pagamento/Partes/Boleto",
  tags: ["seguidora", "jornada-boleto"],
  component: BoletoBlock,
  args: { plan: monthly, onGenerate: fn(async () => {}) },
  decorators: [
    (Story) => (
      <main className="flex flex-col gap-4 p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof BoletoBlock>

export default meta
type Story = StoryObj<typeof meta>

/** The payer's data, the summary with the fee, and the boleto issued with the form's output. */
export const Generate: Story = {
  name: "Gerar boleto",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("region", { name: "Resumo da compra" })).toHaveTextContent(
      "R$ 31,89",
    )
    await typeBoletoPayer(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Gerar boleto" }))
    await waitFor(() => expect(args.onGenerate).toHaveBeenCalledWith(boletoPayerOutput, monthly))
  },
}

/** No plan yet: the button says why it waits. */
export const NoPlan: Story = {
  name: "Sem plano escolhido",
  args: { plan: null },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Gerar boleto" })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription("Escolha um plano para continuar.")
    await expect(args.onGenerate).not.toHaveBeenCalled()
  },
}
