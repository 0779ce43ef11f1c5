import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, waitFor } from "storybook/test"
import { placeholderImage } from "../testing/fixtures/images.ts"
import { Banner } from "./banner.tsx"

const meta = {
  title: "Components/Banner",
  component: Banner,
  args: { src: placeholderImage(2, 1200, 400) },
} satisfies Meta<typeof Banner>

export default meta
type Story = StoryObj<typeof meta>

const banner = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-slot="banner"]')!

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    await waitFor(() => expect(box).not.toHaveAttribute("aria-busy"))
    await expect(box.querySelector("img")).toBeVisible()
    await expect(box.querySelector('[data-slot="skeleton"]')).toBeNull()
  },
}

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    await expect(box).toHaveAttribute("aria-busy", "true")
    await expect(box.querySelector('[data-slot="skeleton"]')).not.toBeNull()
    await expect(box.querySelector("img")).toBeNull()
  },
}

/** Same box before and after loading, so the profile below never jumps. */
export const KeepsItsSize: Story = {
  render: (args) => (
    <div className="flex flex-col gap-2">
      <Banner {...args} loading />
      <Banner {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [loading, loaded] = canvasElement.querySelectorAll<HTMLElement>('[data-slot="banner"]')
    await waitFor(() => expect(loaded).not.toHaveAttribute("aria-busy"))
    await expect(loaded!.getBoundingClientRect().height).toBe(
      loading!.getBoundingClientRect().height,
    )
  },
}

export const WithoutPicture: Story = {
  args: { src: null },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    await expect(box.querySelector("img")).toBeNull()
    await expect(box).not.toHaveAttribute("aria-busy")
  },
}

export const BrokenPicture: Story = {
  args: { src: "data:image/png;base64,broken" },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    // A failed picture falls back to the plain brand background instead of a broken icon.
    await waitFor(() => expect(box.querySelector("img")).toBeNull())
    await expect(box).not.toHaveAttribute("aria-busy")
  },
}
