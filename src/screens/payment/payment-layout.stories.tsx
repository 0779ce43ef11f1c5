import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PaymentLayout } from "./payment-layout.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Moldura do pagamento",
  tags: ["seguidora"],
  component: PaymentLayout,
  args: {
    title: "Pagamento",
    step: 2,
    backHref: "/demo",
    children: <p>Conteúdo da etapa</p>,
  },
} satisfies Meta<typeof PaymentLayout>

export default meta
type Story = StoryObj<typeof meta>

export const PaymentStep: Story = {
  name: "Etapa Pagamento",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Pagamento" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/demo")
    const current = canvas.getAllByRole("listitem").find((li) => li.getAttribute("aria-current"))
    await expect(current).toHaveTextContent("Pagamento")
    await expect(canvas.getByRole("main")).toHaveTextContent("Conteúdo da etapa")
  },
}

export const Desktop: Story = {
  name: "Computador",
  args: { title: "Status do pagamento", step: 3 },
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole("main")
    // A centred column, not the full desktop width.
    await expect(main.getBoundingClientRect().width).toBeLessThanOrEqual(512)
    await expect(main.getBoundingClientRect().left).toBeGreaterThan(200)
  },
}
