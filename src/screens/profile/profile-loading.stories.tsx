import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { ProfileLoading } from "./profile-loading.tsx"

const meta = {
  title: "Telas/Perfil e stories/Partes/Perfil carregando",
  tags: ["seguidora"],
  component: ProfileLoading,
  decorators: [
    (Story) => (
      <div className="bg-surface pt-14">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileLoading>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Carregando perfil",
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Carregando perfil" })
    await expect(region).toHaveAttribute("aria-busy", "true")
    // Six grid tiles at 4:5, like the photos they stand for.
    const tiles = region.querySelectorAll(".aspect-\\[4\\/5\\]")
    await expect(tiles).toHaveLength(6)
  },
}
