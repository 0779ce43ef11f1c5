import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { StatusMessage } from "./status-message.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Mensagem de status",
  tags: ["seguidora"],
  component: StatusMessage,
  args: {
    title: "Pagamento aprovado",
    tone: "success",
    children: <p>Seu acesso está liberado.</p>,
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof StatusMessage>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  name: "Sucesso",
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Pagamento aprovado" })
    await expect(region).toHaveTextContent("Seu acesso está liberado.")
  },
}

export const Warning: Story = {
  name: "Atenção",
  args: {
    tone: "warning",
    title: "PIX em análise",
    children: <p>Isso pode levar algumas horas.</p>,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("heading", { level: 2, name: "PIX em análise" }),
    ).toBeVisible()
  },
}

export const Danger: Story = {
  name: "Erro",
  args: {
    tone: "danger",
    title: "Pagamento não autorizado",
    children: <p>Escolha outro plano para tentar de novo.</p>,
    footer: (
      <button className="min-h-11 rounded-field border border-line">Escolher outro plano</button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Pagamento não autorizado" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Escolher outro plano" })).toBeVisible()
  },
}
