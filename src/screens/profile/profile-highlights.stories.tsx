import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeHighlights } from "../../testing/fixtures/profile.ts"
import { ProfileHighlights } from "./profile-highlights.tsx"

const meta = {
  title: "Telas/Perfil e stories/Partes/Destaques",
  tags: ["seguidora"],
  component: ProfileHighlights,
  args: { highlights: makeHighlights(), locked: false, onOpenHighlight: fn() },
} satisfies Meta<typeof ProfileHighlights>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  name: "Destaques abertos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Treinos" }))
    await expect(args.onOpenHighlight).toHaveBeenCalledWith("highlight-2")
    // "Receitas" has no stories: selecting it does nothing.
    await userEvent.click(canvas.getByText("Receitas"))
    await expect(args.onOpenHighlight).toHaveBeenCalledTimes(1)
    // Each cover in the renditions of its 64 px circle.
    const cover = canvasElement.querySelector("img")!
    await expect(cover).toHaveAttribute("srcset", args.highlights[0]!.coverImage!.jpeg)
    await expect(cover).toHaveAttribute("sizes", "64px")
  },
}

/** Covers made before renditions existed show their plain picture. */
export const CoversNotProcessedYet: Story = {
  name: "Capas em processamento",
  args: {
    highlights: makeHighlights().map((highlight) => ({ ...highlight, coverImage: undefined })),
  },
  play: async ({ canvasElement, args }) => {
    const cover = canvasElement.querySelector("img")!
    await expect(cover).toHaveAttribute("src", args.highlights[0]!.cover)
    await expect(cover).not.toHaveAttribute("srcset")
  },
}

export const Locked: Story = {
  name: "Bloqueados",
  args: { locked: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryAllByRole("button")).toHaveLength(0)
    await userEvent.click(canvas.getByText("Viagens"))
    await expect(args.onOpenHighlight).not.toHaveBeenCalled()
  },
}
