import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { SandboxControls } from "./sandbox-controls.tsx"

const meta = {
  title: "Telas/Assinar/Partes/Ambiente de teste",
  tags: ["seguidora", "jornada-pix", "jornada-cartao"],
  component: SandboxControls,
  args: { onPay: fn(async () => {}), onRefuse: fn(async () => {}) },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof SandboxControls>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  name: "Pronto",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Ambiente de teste" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Simular recusa" }))
    await expect(args.onRefuse).toHaveBeenCalledTimes(1)
    await expect(args.onPay).not.toHaveBeenCalled()
  },
}

export const Paying: Story = {
  name: "Simulando pagamento",
  args: { onPay: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Simular pagamento" }))
    await expect(canvas.getByRole("button", { name: "Simular pagamento" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
    await expect(canvas.getByRole("button", { name: "Simular recusa" })).toBeDisabled()
    await expect(args.onPay).toHaveBeenCalledTimes(1)
  },
}

export const Failed: Story = {
  name: "Sandbox indisponível",
  args: { onPay: fn(async () => Promise.reject({ message: "Sandbox indisponível" })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Simular pagamento" }))
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole("alert")).toHaveTextContent("Sandbox indisponível")
    await expect(canvas.getByRole("button", { name: "Simular pagamento" })).toBeEnabled()
  },
}
