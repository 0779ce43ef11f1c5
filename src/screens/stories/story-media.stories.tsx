import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import { makeStories } from "../../testing/fixtures/profile.ts"
import { STORY_SIZES, StoryMedia } from "./story-media.tsx"

const [image] = makeStories(1)

const meta = {
  title: "Screens/Stories/StoryMedia",
  component: StoryMedia,
  args: { story: image!, playing: false, muted: true, onProgress: fn(), onEnded: fn() },
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
  play: async ({ canvasElement }) => {
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
  },
}

/** A story posted before renditions were made: its plain image. */
export const ImageNotProcessedYet: Story = {
  args: { story: { ...image!, image: undefined } },
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.src)
    await expect(img).not.toHaveAttribute("srcset")
    await expect(canvasElement.querySelectorAll("source")).toHaveLength(0)
  },
}

export const Processing: Story = {
  args: { story: { ...image!, processed: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("processando")).toBeVisible()
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.image!.src)
    await expect(img).toHaveAttribute("sizes", STORY_SIZES)
  },
}

/** A video keeps the poster until it plays; it starts muted as the player asks. */
export const Video: Story = {
  args: { story: { ...image!, kind: "video", src: "data:video/mp4;base64," } },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector("video")!
    // One address for a poster: the set's widest JPEG.
    await expect(video).toHaveAttribute("poster", image!.image!.src)
    await expect(video.muted).toBe(true)
    await expect(video.paused).toBe(true)
  },
}

/** A video whose poster has no renditions yet keeps its plain poster. */
export const VideoPosterNotProcessedYet: Story = {
  args: {
    story: { ...image!, kind: "video", src: "data:video/mp4;base64,", image: undefined },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("video")).toHaveAttribute("poster", image!.displayUrl)
  },
}
