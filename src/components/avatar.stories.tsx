import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { placeholderImage, placeholderImageSet } from "../testing/fixtures/images.ts"
import { Avatar } from "./avatar.tsx"

const picture = placeholderImage(0, 160, 160, "AD")
const renditions = placeholderImageSet(0, "avatar", { width: 320, height: 320, label: "AD" })

const meta = {
  title: "Componentes/Avatar",
  component: Avatar,
  args: { name: "Ana Demo", src: picture, size: "xl" },
  parameters: { layout: "centered" },
} satisfies Meta<typeof Avatar>

export default meta
type Story = StoryObj<typeof meta>

export const Picture: Story = {
  name: "Com foto",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("img", { name: "Ana Demo" })).toBeVisible()
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument()
  },
}

export const Initials: Story = {
  name: "Iniciais sem foto",
  args: { src: null },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole("img", { name: "Ana Demo" })
    await expect(avatar).toHaveTextContent("AD")
  },
}

export const BrokenPictureFallsBackToInitials: Story = {
  name: "Foto quebrada mostra as iniciais",
  args: { src: "data:image/png;base64,broken" },
  play: async ({ canvasElement }) => {
    const avatar = await within(canvasElement).findByText("AD")
    await expect(avatar).toHaveAccessibleName("Ana Demo")
  },
}

export const Sizes: Story = {
  name: "Tamanhos",
  render: (args) => (
    <div className="flex items-end gap-4">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
      <Avatar {...args} size="xl" />
      <Avatar {...args} src={null} size="sm" />
      <Avatar {...args} src={null} size="xl" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("img", { name: "Ana Demo" })).toHaveLength(6)
  },
}

/** With its renditions, each size asks for the width of its circle. */
export const Renditions: Story = {
  name: "Versões da foto por tamanho",
  args: { image: renditions },
  render: (args) => (
    <div className="flex items-end gap-4">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
      <Avatar {...args} size="xl" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const images = [...canvasElement.querySelectorAll("img")]
    await expect(images.map((img) => img.sizes)).toEqual(["32px", "44px", "64px", "88px"])
    for (const img of images) {
      await expect(img).toHaveAttribute("srcset", renditions.jpeg)
      await expect(img.parentElement!.querySelector("source")).toHaveAttribute(
        "srcset",
        renditions.avif,
      )
    }
    await expect(within(canvasElement).getAllByRole("img", { name: "Ana Demo" })).toHaveLength(4)
  },
}

/** Ring without a button: e.g. in the media feed card header. */
export const UnseenStoryRing: Story = {
  name: "Anel de story não visto",
  args: { hasUnseenStory: true, image: renditions },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector('[data-slot="avatar"]')
    await expect(avatar).toHaveClass("bg-story-ring")
    // The gap between the ring and the picture is drawn on the picture inside <picture>.
    await expect(getComputedStyle(avatar!.querySelector("img")!).borderTopWidth).toBe("2px")
  },
}

export const OpensStories: Story = {
  name: "Abre os stories",
  args: {
    hasStories: true,
    hasUnseenStory: true,
    onOpenStories: fn(),
    openStoriesLabel: "Ver stories de @demo",
  },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Ver stories de @demo" })
    await userEvent.click(button)
    await expect(args.onOpenStories).toHaveBeenCalledTimes(1)
    button.blur()
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onOpenStories).toHaveBeenCalledTimes(2)
  },
}

export const SeenStories: Story = {
  name: "Stories já vistos",
  args: {
    hasStories: true,
    hasUnseenStory: false,
    onOpenStories: fn(),
    openStoriesLabel: "Ver stories de @demo",
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("button", { name: "Ver stories de @demo" }),
    ).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).not.toHaveClass(
      "bg-story-ring",
    )
  },
}

/** No stories: nothing to open, so no button even when a handler is given. */
export const NoStories: Story = {
  name: "Sem stories",
  args: { hasStories: false, onOpenStories: fn(), openStoriesLabel: "Ver stories de @demo" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument()
    await expect(canvas.getByRole("img", { name: "Ana Demo" })).toBeVisible()
  },
}
