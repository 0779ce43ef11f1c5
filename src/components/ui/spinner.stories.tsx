import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Spinner } from "./spinner.tsx"

const meta = {
  title: "Componentes/UI/Spinner (aguarde)",
  tags: ["autodocs"],
  component: Spinner,
  parameters: { layout: "centered" },
} satisfies Meta<typeof Spinner>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Padrão",
  play: async ({ canvasElement }) => {
    const spinner = canvasElement.querySelector('[data-slot="spinner"]')
    // Decorative: the control around it says what is happening.
    await expect(spinner).toHaveAttribute("aria-hidden", "true")
  },
}

export const Large: Story = {
  name: "Grande",
  args: { className: "size-8 text-brand" },
  play: async ({ canvasElement }) => {
    const spinner = canvasElement.querySelector<HTMLElement>('[data-slot="spinner"]')!
    await expect(spinner).toHaveAttribute("aria-hidden", "true")
    const box = spinner.getBoundingClientRect()
    await expect(box.width).toBe(32)
    await expect(box.height).toBe(32)
    // It turns, in the brand colour.
    await expect(getComputedStyle(spinner).animationName).not.toBe("none")
    await expect(spinner).toHaveClass("text-brand")
  },
}

export const InsideAStatus: Story = {
  name: "Carregando",
  render: () => (
    <p role="status" className="flex items-center gap-2 text-muted">
      <Spinner />
      Carregando
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Carregando")
  },
}
