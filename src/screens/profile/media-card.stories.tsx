import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeMedias, makeProfile } from "../../testing/fixtures/profile.ts"
import { FEED_PHOTO_SIZES, MediaCard } from "./media-card.tsx"

const [, media] = makeMedias(2)

const meta = {
  title: "Telas/Perfil e stories/Partes/Post",
  tags: ["seguidora"],
  component: MediaCard,
  args: { media: media!, author: makeProfile(), liked: false, onLike: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-lg bg-surface">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MediaCard>

export default meta
type Story = StoryObj<typeof meta>

export const NotLiked: Story = {
  name: "Sem curtida",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const img = canvas.getByRole("img", { name: "Foto 2 dos bastidores" })
    // The photo's renditions for the feed's column, sized as the widest one.
    await expect(img).toHaveAttribute("srcset", media!.image!.jpeg)
    await expect(img).toHaveAttribute("sizes", FEED_PHOTO_SIZES)
    await expect(img).toHaveAttribute("width", "640")
    await expect(img).toHaveAttribute("height", "800")
    await expect(img).toHaveAttribute("loading", "lazy")
    await expect(canvas.getByText("21/11/2026")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Curtir" }))
    await expect(args.onLike).toHaveBeenCalledWith(true)
  },
}

/** A photo posted before renditions were made: its plain address at its own size. */
export const NotProcessedYet: Story = {
  name: "Foto em processamento",
  args: { media: { ...media!, image: undefined } },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole("img", { name: "Foto 2 dos bastidores" })
    await expect(img).toHaveAttribute("src", media!.src)
    await expect(img).not.toHaveAttribute("srcset")
    await expect(img).toHaveAttribute("width", "800")
    await expect(img).toHaveAttribute("height", "1000")
  },
}

export const Liked: Story = {
  name: "Curtida",
  args: { liked: true },
  play: async ({ canvasElement, args }) => {
    const like = within(canvasElement).getByRole("button", { name: "Curtir" })
    await expect(like).toHaveAttribute("aria-pressed", "true")
    await userEvent.click(like)
    await expect(args.onLike).toHaveBeenCalledWith(false)
  },
}

export const WithoutDescription: Story = {
  name: "Sem legenda",
  args: { media: { ...media!, description: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Foto de @demo" })).toBeVisible()
  },
}
