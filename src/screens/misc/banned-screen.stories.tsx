import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { BannedScreen } from "./banned-screen.tsx"

const meta = {
  title: "Telas/Outras/Conta bloqueada",
  tags: ["seguidora"],
  component: BannedScreen,
} satisfies Meta<typeof BannedScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Perfil indisponível",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole("region", { name: "Perfil indisponível" })
    await expect(box).toHaveTextContent("Este perfil não está disponível no momento.")
    await expect(
      within(box).getByRole("link", { name: "Ir para a página inicial" }),
    ).toHaveAttribute("href", "/")
  },
}
