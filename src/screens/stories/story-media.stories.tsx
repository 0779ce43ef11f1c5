import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeStories } from "../../testing/fixtures/profile.ts"
import { STORY_SIZES, StoryMedia } from "./story-media.tsx"

const [image] = makeStories(1)

const meta = {
  title: "Telas/Perfil e stories/Partes/Mídia do story",
  tags: ["seguidora"],
  component: StoryMedia,
  args: {
    story: image!,
    playing: false,
    muted: true,
    onProgress: fn(),
    onEnded: fn(),
    onSettled: fn(),
  },
  decorators: [
    (Story) => (
      <div className="relative h-[640px] w-[360px] text-white">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StoryMedia>

export default meta
type Story = StoryObj<typeof meta>

/** The image's renditions for the 9:16 frame, AVIF first. */
export const Image: Story = {
  name: "Imagem",
  play: async ({ canvasElement, args }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.image!.src)
    await expect(img).toHaveAttribute("srcset", image!.image!.jpeg)
    await expect(img).toHaveAttribute("sizes", STORY_SIZES)
    const sources = [...canvasElement.querySelectorAll("source")]
    await expect(sources.map((source) => source.srcset)).toEqual([
      image!.image!.avif,
      image!.image!.webp,
    ])
    await expect(sources.map((source) => source.sizes)).toEqual([STORY_SIZES, STORY_SIZES])
    await expect(canvasElement.querySelector("video")).toBeNull()
    // Shown once the picture is in: the page's idle work waits for that.
    await waitFor(() => expect(args.onSettled).toHaveBeenCalledWith(img))
  },
}

/** A story posted before renditions were made: its plain image. */
export const ImageNotProcessedYet: Story = {
  name: "Imagem em processamento",
  args: { story: { ...image!, image: undefined } },
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.src)
    await expect(img).not.toHaveAttribute("srcset")
    await expect(canvasElement.querySelectorAll("source")).toHaveLength(0)
  },
}

export const Processing: Story = {
  name: "Processando",
  args: { story: { ...image!, processed: false } },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText("processando")).toBeVisible()
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.image!.src)
    await expect(img).toHaveAttribute("sizes", STORY_SIZES)
    await waitFor(() => expect(args.onSettled).toHaveBeenCalledWith(img))
  },
}

/** A video still processing before its poster exists: the label alone, shown at once. */
export const ProcessingWithoutPoster: Story = {
  name: "Processando, sem capa",
  args: {
    story: {
      ...image!,
      kind: "video",
      processed: false,
      src: "data:video/mp4;base64,",
      image: undefined,
      displayUrl: null,
    },
  },
  play: async ({ canvasElement, args }) => {
    const label = within(canvasElement).getByText("processando")
    await expect(label).toBeVisible()
    await expect(canvasElement.querySelector("img")).toBeNull()
    await expect(canvasElement.querySelector("video")).toBeNull()
    // Nothing is left to arrive, so the player's timer and idle work need not wait.
    await waitFor(() => expect(args.onSettled).toHaveBeenCalledWith(label))
  },
}

/** A video keeps the poster until it plays; it starts muted as the player asks. */
export const Video: Story = {
  name: "Vídeo",
  args: { story: { ...image!, kind: "video", src: "data:video/mp4;base64," } },
  play: async ({ canvasElement, args }) => {
    const video = canvasElement.querySelector("video")!
    // One address for a poster: the set's widest JPEG.
    await expect(video).toHaveAttribute("poster", image!.image!.src)
    await expect(video.muted).toBe(true)
    await expect(video.paused).toBe(true)
    // A video that cannot load is as shown as it will be: nothing waits on it for ever.
    await waitFor(() => expect(args.onSettled).toHaveBeenCalledWith(video))
  },
}

/** A video whose poster has no renditions yet keeps its plain poster. */
export const VideoPosterNotProcessedYet: Story = {
  name: "Capa do vídeo em processamento",
  args: {
    story: { ...image!, kind: "video", src: "data:video/mp4;base64,", image: undefined },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("video")).toHaveAttribute("poster", image!.displayUrl)
  },
}

const firstLinks = { ...image!, kind: "video" as const, src: "data:video/mp4;base64,AA==" }
const refreshedLinks = { ...firstLinks, src: "data:video/mp4;base64,AQ==" }
const nextStory = { ...refreshedLinks, _id: "story-2", src: "data:video/mp4;base64,Ag==" }

/**
 * The list is fetched again before its links lapse, which signs them anew: the video on screen
 * keeps its element and address, so it neither reloads nor restarts; the next story takes the
 * fresh links.
 */
export const LinksRefreshedWhileShowing: Story = {
  name: "Links renovados durante a exibição",
  args: { story: firstLinks },
  render: function Render(args) {
    const [story, setStory] = useState(args.story)
    return (
      <>
        <StoryMedia {...args} story={story} />
        <div className="absolute bottom-2 left-2 flex gap-2">
          <button type="button" className="bg-black px-2" onClick={() => setStory(refreshedLinks)}>
            Links renovados
          </button>
          <button type="button" className="bg-black px-2" onClick={() => setStory(nextStory)}>
            Próximo story
          </button>
        </div>
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const video = canvasElement.querySelector("video")!
    await expect(video).toHaveAttribute("src", firstLinks.src)
    await userEvent.click(canvas.getByRole("button", { name: "Links renovados" }))
    await expect(canvasElement.querySelector("video")).toBe(video)
    await expect(video).toHaveAttribute("src", firstLinks.src)
    await userEvent.click(canvas.getByRole("button", { name: "Próximo story" }))
    await expect(canvasElement.querySelector("video")).toHaveAttribute("src", nextStory.src)
  },
}
