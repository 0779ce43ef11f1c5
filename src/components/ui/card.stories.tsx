import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Card, CardTitle } from "./card.tsx"

const meta = {
  title: "Componentes/UI/Card (cartão)",
  tags: ["autodocs"],
  component: Card,
  args: {
    children: (
      <>
        <CardTitle>Minha conta</CardTitle>
        <p className="text-muted">fa@exemplo.com.br</p>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Padrão",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Minha conta" })).toBeVisible()
    await expect(canvas.getByText("fa@exemplo.com.br")).toBeVisible()
    await expect(cardOf(canvasElement).paddingTop).toBe("16px")
  },
}

const cardOf = (canvasElement: HTMLElement) =>
  getComputedStyle(canvasElement.querySelector<HTMLElement>('[data-slot="card"]')!)

export const Roomy: Story = {
  name: "Espaçoso",
  args: { padding: "lg" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Minha conta" })).toBeVisible()
    await expect(cardOf(canvasElement).paddingTop).toBe("24px")
    await expect(cardOf(canvasElement).paddingLeft).toBe("24px")
  },
}

export const Flush: Story = {
  name: "Sem espaçamento",
  args: {
    padding: "none",
    children: <p className="p-2">Sem espaçamento interno: a lista ou imagem vai até a borda.</p>,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Sem espaçamento interno/)).toBeVisible()
    await expect(cardOf(canvasElement).paddingTop).toBe("0px")
    await expect(cardOf(canvasElement).borderTopWidth).toBe("1px")
  },
}
