import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeProfile, makeStories } from "../../testing/fixtures/profile.ts"
import { StoriesPlayer } from "./stories-player.tsx"

const profile = makeProfile()
const stories = makeStories(5)
const seenAt = (index: number) => new Date(stories[index]!.createdAt).getTime()

const meta = {
  title: "Screens/Stories/StoriesPlayer",
  component: StoriesPlayer,
  args: {
    stories,
    author: profile,
    now: FIXED_NOW,
    // Frozen progress keeps every screenshot identical; playback is driven by the play functions.
    autoplay: false,
    onSeen: fn(),
    onClose: fn(),
    onMutedChange: fn(),
  },
} satisfies Meta<typeof StoriesPlayer>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

export const FirstStory: Story = {
  play: async ({ canvasElement, args }) => {
    const screen = body(canvasElement)
    const dialog = await screen.findByRole("dialog", { name: "Stories de @demo" })
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 1 de 5")
    await expect(dialog).toHaveTextContent("demo")
    await expect(dialog).toHaveTextContent("há 6 horas")
    await expect(dialog.querySelectorAll('[data-slot="story-progress"]')).toHaveLength(5)
    await expect(args.onSeen).toHaveBeenCalledWith(stories[0])
    // Creator-only controls stay hidden in the profile viewer.
    await expect(within(dialog).queryByRole("button", { name: "Excluir story" })).toBeNull()
    await expect(dialog).not.toHaveTextContent("visualizações")
  },
}

/** Seen up to the second story: playback starts at the third. */
export const MiddleStory: Story = {
  args: { lastSeen: seenAt(1) },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 3 de 5")
    await expect(dialog).toHaveTextContent("há 3 horas")
    await expect(args.onSeen).toHaveBeenCalledTimes(1)
    await expect(args.onSeen).toHaveBeenCalledWith(stories[2])
  },
}

export const ProcessingStory: Story = {
  args: {
    stories: stories.map((story, i) => (i === 0 ? { ...story, processed: false } : story)),
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await waitFor(() => expect(within(dialog).getByText("processando")).toBeVisible())
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 1 de 5, processando")
    await userEvent.click(within(dialog).getByRole("button", { name: "Próximo story" }))
    await expect(within(dialog).queryByText("processando")).toBeNull()
  },
}

export const Muted: Story = {
  args: { defaultMuted: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Ativar som" }))
    await expect(args.onMutedChange).toHaveBeenLastCalledWith(false)
    await userEvent.click(within(dialog).getByRole("button", { name: "Silenciar" }))
    await expect(args.onMutedChange).toHaveBeenLastCalledWith(true)
    await expect(within(dialog).getByRole("button", { name: "Ativar som" })).toBeVisible()
  },
}

export const WithCreatorControls: Story = {
  args: {
    stories: stories.map((story) => ({ ...story, stats: { users: 12 } })),
    showViewers: true,
    onDelete: fn(async () => undefined),
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(dialog).toHaveTextContent("12 visualizações")
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir story" }))
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ _id: "story-1" }))
  },
}

export const DeleteFails: Story = {
  args: {
    onDelete: fn(async () => {
      throw { message: "Story não encontrado", code: "STORY_NOT_FOUND" }
    }),
  },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement)
    const dialog = await screen.findByRole("dialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir story" }))
    // The alert sits outside the modal, which hides the rest of the page from the a11y tree.
    const message = await screen.findByText("Story não encontrado")
    await waitFor(() => expect(message).toBeVisible())
    await expect(within(dialog).getByRole("button", { name: "Excluir story" })).toBeEnabled()
  },
}

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args, step }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const status = within(dialog).getByRole("status")
    await step("focus starts on the player", async () => {
      await waitFor(() => expect(dialog).toHaveFocus())
    })
    await step("arrows move between stories; back at the first stays", async () => {
      await userEvent.keyboard("{ArrowRight}")
      await expect(status).toHaveTextContent("Story 2 de 5")
      await expect(args.onSeen).toHaveBeenLastCalledWith(stories[1])
      await userEvent.keyboard("{ArrowLeft}{ArrowLeft}")
      await expect(status).toHaveTextContent("Story 1 de 5")
    })
    await step("space pauses and resumes", async () => {
      await userEvent.keyboard(" ")
      await expect(status).toHaveTextContent("pausado")
      await expect(within(dialog).getByRole("button", { name: "Continuar" })).toBeVisible()
      await userEvent.keyboard(" ")
      await expect(status).not.toHaveTextContent("pausado")
    })
    await step("escape closes", async () => {
      await userEvent.keyboard("{Escape}")
      await expect(args.onClose).toHaveBeenCalledTimes(1)
    })
  },
}

/** Next on the last story closes the player. */
export const NextAtLastCloses: Story = {
  args: { lastSeen: seenAt(3) },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 5 de 5")
    await userEvent.click(within(dialog).getByRole("button", { name: "Próximo story" }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const TapZones: Story = {
  play: async ({ canvasElement, args, step }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const status = within(dialog).getByRole("status")
    const frame = dialog.querySelector<HTMLElement>('[data-slot="story-frame"]')!
    const box = frame.getBoundingClientRect()
    const nextZone = within(dialog).getByRole("button", { name: "Próximo story" })
    const backZone = within(dialog).getByRole("button", { name: "Story anterior" })
    await step("each zone is a fifth of the width, on its edge", async () => {
      await expect(nextZone.getBoundingClientRect().width).toBeCloseTo(box.width / 5, 0)
      await expect(nextZone.getBoundingClientRect().right).toBeCloseTo(box.right, 0)
      await expect(backZone.getBoundingClientRect().left).toBeCloseTo(box.left, 0)
    })
    await step("right goes next, left goes back", async () => {
      await userEvent.click(nextZone)
      await userEvent.click(nextZone)
      await expect(status).toHaveTextContent("Story 3 de 5")
      await userEvent.click(backZone)
      await expect(status).toHaveTextContent("Story 2 de 5")
    })
    await step("a tap in the middle does nothing", async () => {
      await userEvent.click(frame)
      await expect(status).toHaveTextContent("Story 2 de 5")
    })
    await step("a longer press pauses while held and does not move on", async () => {
      // One session, so the release belongs to the same press.
      const user = userEvent.setup()
      await user.pointer({ keys: "[MouseLeft>]", target: nextZone })
      await waitFor(() => expect(status).toHaveTextContent("pausado"))
      await user.pointer({ keys: "[/MouseLeft]", target: nextZone })
      await waitFor(() => expect(status).not.toHaveTextContent("pausado"))
      await expect(status).toHaveTextContent("Story 2 de 5")
    })
    await expect(args.onClose).not.toHaveBeenCalled()
  },
}

export const PanDownCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const frame = dialog.querySelector<HTMLElement>('[data-slot="story-frame"]')!
    const x = frame.getBoundingClientRect().left + frame.getBoundingClientRect().width / 2
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: frame, coords: { clientX: x, clientY: 200 } },
      { target: frame, coords: { clientX: x, clientY: 260 } },
      { target: frame, coords: { clientX: x, clientY: 360 } },
      { keys: "[/MouseLeft]", target: frame, coords: { clientX: x, clientY: 360 } },
    ])
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

/** Wide screens keep the story at 9:16 in the middle. */
export const Desktop: Story = {
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const frame = dialog
      .querySelector<HTMLElement>('[data-slot="story-frame"]')!
      .getBoundingClientRect()
    await expect(frame.width / frame.height).toBeCloseTo(9 / 16, 1)
    await expect(frame.left).toBeGreaterThan(0)
  },
}

/** Image stories advance on their own; after the last one the player closes. */
export const Autoplay: Story = {
  args: { autoplay: true, imageDurationMs: 150, lastSeen: seenAt(2) },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 4 de 5")
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent("Story 5 de 5"),
    )
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1))
    await expect(args.onSeen).toHaveBeenCalledWith(stories[3])
    await expect(args.onSeen).toHaveBeenCalledWith(stories[4])
  },
}
