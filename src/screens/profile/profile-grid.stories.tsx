import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeMedias } from "../../testing/fixtures/profile.ts"
import { ProfileGrid } from "./profile-grid.tsx"

const meta = {
  title: "Screens/Profile/ProfileGrid",
  component: ProfileGrid,
  args: {
    username: "demo",
    medias: makeMedias(9),
    state: "open",
    onOpenMedia: fn(),
    onSubscribe: fn(),
  },
} satisfies Meta<typeof ProfileGrid>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("tab", { name: "Fotos" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    const tiles = canvas.getAllByRole("button")
    await expect(tiles).toHaveLength(9)
    await expect(tiles[0]!.querySelector("img")).toHaveAttribute("width", "240")
    await userEvent.click(tiles[2]!)
    await expect(args.onOpenMedia).toHaveBeenCalledWith("media-3")
  },
}

export const Locked: Story = {
  args: { state: "locked", medias: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Assinar para ver" }))
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = {
  args: { state: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando fotos")).toBeInTheDocument()
    await expect(within(canvasElement).queryAllByRole("button")).toHaveLength(0)
  },
}

export const Empty: Story = {
  args: { medias: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("@demo ainda não publicou fotos. Volte em breve!"),
    ).toBeVisible()
  },
}
