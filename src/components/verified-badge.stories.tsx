import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { VerifiedBadge } from "./verified-badge.tsx"

const meta = {
  title: "Componentes/VerifiedBadge (selo verificado)",
  component: VerifiedBadge,
  parameters: { layout: "centered" },
} satisfies Meta<typeof VerifiedBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Perfil verificado",
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("img", { name: "Perfil verificado" }),
    ).toBeVisible()
  },
}

async function badgeOfSize(canvasElement: HTMLElement, px: number) {
  const badge = within(canvasElement).getByRole("img", { name: "Perfil verificado" })
  await expect(badge).toBeVisible()
  const box = badge.getBoundingClientRect()
  await expect(box.width).toBe(px)
  await expect(box.height).toBe(px)
}

export const Small: Story = {
  name: "Pequeno",
  args: { size: "sm" },
  play: async ({ canvasElement }) => badgeOfSize(canvasElement, 16),
}

export const Large: Story = {
  name: "Grande",
  args: { size: "lg" },
  play: async ({ canvasElement }) => badgeOfSize(canvasElement, 24),
}

export const BesideAName: Story = {
  name: "Ao lado do nome",
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
