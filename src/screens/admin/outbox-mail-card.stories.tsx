import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { makeOutboxMail, outboxMails } from "../../testing/fixtures/sandbox-outbox.ts"
import { OutboxMailCard } from "./outbox-mail-card.tsx"

const meta = {
  title: "Telas/Operação/Partes/E-mail da caixa de saída",
  tags: ["operação"],
  component: OutboxMailCard,
  args: { mail: makeOutboxMail() },
} satisfies Meta<typeof OutboxMailCard>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  name: "Fechado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Para: assinante@demo.com.br")).toBeInTheDocument()
    await expect(canvas.getByRole("button", { name: "Abrir" })).toHaveAttribute(
      "aria-expanded",
      "false",
    )
    await expect(canvas.queryByText("Versão em texto")).not.toBeInTheDocument()
  },
}

export const OpenedWithHtml: Story = {
  name: "Aberto, com HTML",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Abrir" }))
    const frame = canvas.getByTitle("Conteúdo do e-mail: Seu código de verificação")
    // Drawn apart from the page: no scripts, forms or same-origin access.
    await expect(frame).toHaveAttribute("sandbox", "")
    await expect(canvas.getByRole("button", { name: "Fechar" })).toHaveAttribute(
      "aria-expanded",
      "true",
    )
  },
}

export const OpenedTextOnly: Story = {
  name: "Aberto, só texto",
  args: { mail: outboxMails[1]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Abrir" }))
    await expect(canvas.queryByTitle(/Conteúdo do e-mail/)).not.toBeInTheDocument()
    await expect(canvas.getByText(/Sua conta de criadora está pronta/)).toBeVisible()
  },
}
