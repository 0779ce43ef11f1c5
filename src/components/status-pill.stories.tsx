import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { StatusPill } from "./status-pill.tsx"

const meta = {
  title: "Componentes/StatusPill (etiqueta de status)",
  component: StatusPill,
  args: { tone: "success", children: "Ativa" },
  parameters: { layout: "centered" },
} satisfies Meta<typeof StatusPill>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  name: "Ativa",
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Ativa")).toHaveClass("text-brand-ink")
  },
}

/** The words say the status; the tone's colours repeat it, and the dot is only decoration. */
async function expectPill(canvasElement: HTMLElement, text: string, tone: string[]) {
  const pill = canvasElement.querySelector<HTMLElement>('[data-slot="status-pill"]')!
  await expect(pill).toHaveTextContent(text)
  await expect(pill).toHaveClass(...tone)
  await expect(pill.querySelector("span")).toHaveAttribute("aria-hidden", "true")
  // One line, however long the label.
  await expect(pill.getBoundingClientRect().height).toBeLessThan(32)
}

export const Warning: Story = {
  name: "Em análise",
  args: { tone: "warning", children: "Em análise" },
  play: ({ canvasElement }) =>
    expectPill(canvasElement, "Em análise", ["bg-warning-soft", "text-warning-ink"]),
}

export const Danger: Story = {
  name: "Pagamento recusado",
  args: { tone: "danger", children: "Pagamento recusado" },
  play: ({ canvasElement }) =>
    expectPill(canvasElement, "Pagamento recusado", ["bg-danger-soft", "text-danger-ink"]),
}

export const Neutral: Story = {
  name: "Cancelada",
  args: { tone: "neutral", children: "Cancelada" },
  play: ({ canvasElement }) => expectPill(canvasElement, "Cancelada", ["bg-canvas", "text-muted"]),
}

export const OnASurface: Story = {
  name: "Sobre um cartão",
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
