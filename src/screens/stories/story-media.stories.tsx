import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import { makeStories } from "../../testing/fixtures/profile.ts"
import { StoryMedia } from "./story-media.tsx"

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

export const Image: Story = {
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("img")!
    await expect(img).toHaveAttribute("src", image!.src)
    await expect(canvasElement.querySelector("video")).toBeNull()
  },
}

export const Processing: Story = {
  args: { story: { ...image!, processed: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("processando")).toBeVisible()
    await expect(canvasElement.querySelector("img")).toHaveAttribute("src", image!.displayUrl)
  },
}

/** A video keeps the poster until it plays; it starts muted as the player asks. */
export const Video: Story = {
  args: { story: { ...image!, kind: "video", src: "data:video/mp4;base64," } },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector("video")!
    await expect(video).toHaveAttribute("poster", image!.displayUrl)
    await expect(video.muted).toBe(true)
    await expect(video.paused).toBe(true)
  },
}
