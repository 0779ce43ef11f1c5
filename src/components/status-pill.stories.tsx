import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { StatusPill } from "./status-pill.tsx"

const meta = {
  title: "Components/StatusPill",
  component: StatusPill,
  args: { tone: "success", children: "Ativa" },
  parameters: { layout: "centered" },
} satisfies Meta<typeof StatusPill>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Ativa")).toHaveClass("text-brand-ink")
  },
}

export const Warning: Story = { args: { tone: "warning", children: "Em análise" } }

export const Danger: Story = { args: { tone: "danger", children: "Pagamento recusado" } }

export const Neutral: Story = { args: { tone: "neutral", children: "Cancelada" } }

export const OnASurface: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2 rounded-card bg-surface p-4">
      <StatusPill tone="success">Ativa</StatusPill>
      <StatusPill tone="warning">Aguardando pagamento</StatusPill>
      <StatusPill tone="danger">Expirada</StatusPill>
      <StatusPill tone="neutral">Cancelada</StatusPill>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Aguardando pagamento")).toBeVisible()
  },
}
