import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { createTestClock } from "../../testing/fixtures/clock.ts"
import { makeMedias, makeProfile } from "../../testing/fixtures/profile.ts"
import { MediaFeed } from "./media-feed.tsx"

const medias = makeMedias(6)
const clock = createTestClock()

const meta = {
  title: "Telas/Perfil e stories/Feed",
  tags: ["seguidora"],
  component: MediaFeed,
  args: {
    // Oldest first on purpose: the feed sorts newest first itself.
    medias: [...medias].reverse(),
    author: makeProfile(),
    onToggleLike: fn(async () => undefined),
    onClose: fn(),
    clock,
  },
  beforeEach: () => clock.reset(),
} satisfies Meta<typeof MediaFeed>

export default meta
type Story = StoryObj<typeof meta>

const dialogOf = (el: HTMLElement) =>
  within(el.ownerDocument.body).findByRole("dialog", { name: "Fotos" })

export const Default: Story = {
  name: "Feed de fotos",
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement)
    const cards = within(dialog).getAllByRole("article")
    await expect(cards).toHaveLength(6)
    // Newest first: "Foto 1" was posted today, "Foto 6" five days ago.
    await waitFor(() =>
      expect(within(cards[0]!).getByRole("img", { name: "Foto de @demo" })).toBeVisible(),
    )
    await expect(cards[1]).toHaveTextContent("Foto 2 dos bastidores")
    await expect(cards[0]).toHaveTextContent("Ana Demo")
    await expect(cards[0]).toHaveTextContent("@demo")
    await expect(cards[0]).toHaveTextContent("22/11/2026")
    await expect(cards[5]).toHaveTextContent("17/11/2026")
    await userEvent.click(within(dialog).getByRole("button", { name: "Fechar" }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const ScrolledToSelected: Story = {
  name: "Rola até a foto escolhida",
  args: { selectedId: "media-5" },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    const card = dialog.querySelector<HTMLElement>("#media-media-5")!
    await waitFor(() => {
      const top = card.getBoundingClientRect().top
      // Its top sits just under the "Fotos" bar.
      expect(top).toBeGreaterThan(0)
      expect(top).toBeLessThan(120)
    })
    await expect(within(card).getByRole("img", { name: "Foto 5 dos bastidores" })).toHaveAttribute(
      "loading",
      "eager",
    )
  },
}

export const LikeToggles: Story = {
  name: "Curtir e descurtir",
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement)
    const first = within(dialog).getAllByRole("article")[0]!
    const like = within(first).getByRole("button", { name: "Curtir" })
    await expect(like).toHaveAttribute("aria-pressed", "false")
    await userEvent.click(like)
    await expect(like).toHaveAttribute("aria-pressed", "true")
    await expect(args.onToggleLike).toHaveBeenLastCalledWith("media-1", true)
    await userEvent.click(like)
    await expect(like).toHaveAttribute("aria-pressed", "false")
    await expect(args.onToggleLike).toHaveBeenLastCalledWith("media-1", false)
  },
}

/** "Foto 2" came liked: its heart is red. */
export const AlreadyLiked: Story = {
  name: "Já curtida",
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    const second = within(dialog).getAllByRole("article")[1]!
    const like = within(second).getByRole("button", { name: "Curtir" })
    await expect(like).toHaveAttribute("aria-pressed", "true")
    await expect(like.querySelector("svg")).toHaveClass("text-danger")
  },
}

export const DoubleTapLikes: Story = {
  name: "Toque duplo curte",
  play: async ({ canvasElement, args, step }) => {
    const dialog = await dialogOf(canvasElement)
    const first = within(dialog).getAllByRole("article")[0]!
    const heart = () => first.querySelector('[data-slot="like-heart"]')
    await step("a double tap likes the photo and shows the heart for 800 ms", async () => {
      await userEvent.dblClick(within(first).getByRole("img"))
      await expect(within(first).getByRole("button", { name: "Curtir" })).toHaveAttribute(
        "aria-pressed",
        "true",
      )
      await expect(args.onToggleLike).toHaveBeenCalledTimes(1)
      await expect(args.onToggleLike).toHaveBeenCalledWith("media-1", true)
      await clock.advance(799)
      await expect(heart()).not.toBeNull()
      await clock.advance(1)
      await expect(heart()).toBeNull()
    })
    await step("another double tap shows it again and keeps the photo liked", async () => {
      await userEvent.dblClick(within(first).getByRole("img"))
      await expect(heart()).not.toBeNull()
      await clock.advance(500)
      // A third one starts the 800 ms again.
      await userEvent.dblClick(within(first).getByRole("img"))
      await clock.advance(799)
      await expect(heart()).not.toBeNull()
      await clock.advance(1)
      await expect(heart()).toBeNull()
      await expect(args.onToggleLike).toHaveBeenCalledTimes(1)
    })
  },
}

export const LikeFails: Story = {
  name: "Erro ao curtir",
  args: {
    onToggleLike: fn(async () => {
      throw { status: 503, message: "Serviço indisponível", code: "unavailable" }
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    const like = within(within(dialog).getAllByRole("article")[0]!).getByRole("button", {
      name: "Curtir",
    })
    await userEvent.click(like)
    await waitFor(() => expect(like).toHaveAttribute("aria-pressed", "false"))
    await expect(
      await within(canvasElement.ownerDocument.body).findByText("Serviço indisponível"),
    ).toBeInTheDocument()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    const card = within(dialog).getAllByRole("article")[0]!
    await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(512)
  },
}

/** Scrolled to its foot, the feed asks for the grid's next page; the button does the same. */
export const MorePhotos: Story = {
  name: "Carregar mais fotos",
  args: { more: { status: "more" }, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement)
    const button = within(dialog).getByRole("button", { name: "Carregar mais fotos" })
    button.scrollIntoView({ block: "end" })
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled())
    const calls = (args.onLoadMore as ReturnType<typeof fn>).mock.calls.length
    await userEvent.click(button)
    await expect(args.onLoadMore).toHaveBeenCalledTimes(calls + 1)
  },
}

export const EndOfPhotos: Story = {
  name: "Todas as fotos vistas",
  args: { more: { status: "end" }, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement)
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Você viu todas as fotos.")
    await expect(within(dialog).queryByRole("button", { name: /Carregar mais/ })).toBeNull()
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}
