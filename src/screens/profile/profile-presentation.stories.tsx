import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeProfile, makeStats } from "../../testing/fixtures/profile.ts"
import { ProfilePresentation } from "./profile-presentation.tsx"

const meta = {
  title: "Telas/Perfil e stories/Partes/Apresentação",
  tags: ["seguidora"],
  component: ProfilePresentation,
  args: {
    profile: makeProfile(),
    stats: makeStats({ medias: 1 }),
    showBio: true,
    hasStories: true,
    hasUnseenStory: true,
    onOpenStories: fn(),
  },
  decorators: [
    (Story) => (
      <div className="bg-surface pt-14">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfilePresentation>

export default meta
type Story = StoryObj<typeof meta>

export const WithStories: Story = {
  name: "Com stories",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("list", { name: "Números do perfil" })).toHaveTextContent(
      "1foto3destaques5stories",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Ver stories de @demo" }))
    await expect(args.onOpenStories).toHaveBeenCalledTimes(1)
    await expect(canvas.getByText(/Bastidores/)).toBeVisible()
  },
}

export const CountsLoading: Story = {
  name: "Números carregando",
  args: { stats: null, hasStories: false, hasUnseenStory: false, showBio: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("button")).toBeNull()
    await expect(canvas.queryByText(/Bastidores/)).toBeNull()
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3)
  },
}
