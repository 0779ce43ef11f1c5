import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { SplashScreen } from "./splash-screen.tsx"

const meta = {
  title: "Telas/Outras/Abertura",
  tags: ["seguidora"],
  component: SplashScreen,
} satisfies Meta<typeof SplashScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Carregando",
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status", { name: "Carregando Closer" })
    const mark = status.querySelector('[data-slot="brand-mark"]')!
    await expect(mark).toBeVisible()
    // The mark sits in the middle of the viewport.
    const box = mark.getBoundingClientRect()
    const view = status.getBoundingClientRect()
    await expect(Math.abs(box.left + box.width / 2 - (view.left + view.width / 2))).toBeLessThan(2)
    await expect(Math.abs(box.top + box.height / 2 - (view.top + view.height / 2))).toBeLessThan(2)
  },
}
