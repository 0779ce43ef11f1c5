import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { placeholderImage, placeholderImageSet } from "../../testing/fixtures/images.ts"
import { StoryThumbnail } from "./story-thumbnail.tsx"

const sizes = "120px"
const image = placeholderImageSet(4, "story", { width: 1080, height: 1920, label: "9:16" })
const poster = placeholderImageSet(2, "story", { width: 540, height: 960, label: "poster" })

const meta = {
  title: "Telas/Estúdio/Partes/Miniatura do story",
  tags: ["criadora", "jornada-estudio"],
  component: StoryThumbnail,
  args: {
    story: { image, displayUrl: image.src },
    sizes,
    fallback: <span className="text-surface">Sem capa</span>,
  },
  decorators: [
    (Story) => (
      <div className="aspect-[9/16] w-[120px] overflow-hidden rounded-card bg-ink">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: "centered" },
} satisfies Meta<typeof StoryThumbnail>

export default meta
type Story = StoryObj<typeof meta>

/** An image story: its renditions, sized for the tile, decorative beside the tile's own label. */
export const ImageStory: Story = {
  name: "Story de imagem",
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("srcset", image.jpeg)
    await expect(img).toHaveAttribute("sizes", sizes)
    await expect(img).toHaveAttribute("alt", "")
    await expect(img).toHaveAttribute("loading", "lazy")
    await expect(within(canvasElement).queryByText("Sem capa")).toBeNull()
  },
}

/** A processed video: the poster's renditions stand for it. */
export const VideoWithPoster: Story = {
  name: "Vídeo com capa",
  args: { story: { image: poster, displayUrl: poster.src } },
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("srcset", poster.jpeg)
    await expect(img).toHaveAttribute("src", poster.src)
  },
}

/** A poster kept at a plain address (stored before renditions existed): shown as it is. */
export const PlainPoster: Story = {
  name: "Capa simples",
  args: { story: { image: undefined, displayUrl: placeholderImage(5, 540, 960, "poster") } },
  play: async ({ canvasElement, args }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", args.story.displayUrl)
    await expect(img).not.toHaveAttribute("srcset")
  },
}

/** A video still processando: no picture yet, the fallback fills the tile. */
export const Processing: Story = {
  name: "Processando",
  args: { story: { image: undefined, displayUrl: null } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toBeNull()
    await expect(within(canvasElement).getByText("Sem capa")).toBeVisible()
  },
}
