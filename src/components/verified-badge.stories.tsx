import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { VerifiedBadge } from "./verified-badge.tsx"

const meta = {
  title: "Components/VerifiedBadge",
  component: VerifiedBadge,
  parameters: { layout: "centered" },
} satisfies Meta<typeof VerifiedBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("img", { name: "Perfil verificado" }),
    ).toBeVisible()
  },
}

export const Small: Story = { args: { size: "sm" } }

export const Large: Story = { args: { size: "lg" } }

export const BesideAName: Story = {
  render: () => (
    <p className="flex items-center gap-1 font-semibold">
      @demo <VerifiedBadge size="sm" />
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/@demo/)).toBeVisible()
    await expect(
      within(canvasElement).getByRole("img", { name: "Perfil verificado" }),
    ).toBeVisible()
  },
}
