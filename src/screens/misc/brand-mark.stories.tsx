import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { BrandMark } from "./brand-mark.tsx"

const meta = {
  title: "Telas/Outras/Partes/Marca",
  component: BrandMark,
  parameters: { layout: "centered" },
} satisfies Meta<typeof BrandMark>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Marca",
  args: { className: "size-16" },
  play: async ({ canvasElement }) => {
    const mark = canvasElement.querySelector('[data-slot="brand-mark"]')
    // Decorative: the text beside it names the product.
    await expect(mark).toHaveAttribute("aria-hidden", "true")
    await expect(mark!.getBoundingClientRect().width).toBe(64)
  },
}
