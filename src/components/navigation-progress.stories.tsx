import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { NavigationProgress } from "./navigation-progress.tsx"

const meta = {
  title: "Componentes/NavigationProgress (barra de carregamento)",
  component: NavigationProgress,
} satisfies Meta<typeof NavigationProgress>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  name: "Carregando página",
  args: { active: true },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Carregando página" })
    await expect(bar).toBeVisible()
    await expect(bar.getBoundingClientRect().top).toBe(0)
  },
}

export const Idle: Story = {
  name: "Parada",
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("progressbar")).toBeNull()
  },
}
