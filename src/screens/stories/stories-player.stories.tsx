import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { createTestClock, FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeProfile, makeStories } from "../../testing/fixtures/profile.ts"
import { StoriesPlayer } from "./stories-player.tsx"

const profile = makeProfile()
const stories = makeStories(5)
const seenAt = (index: number) => new Date(stories[index]!.createdAt).getTime()
const clock = createTestClock()

const meta = {
  title: "Telas/Perfil e stories/Stories",
  tags: ["seguidora"],
  component: StoriesPlayer,
  args: {
    stories,
    author: profile,
    now: FIXED_NOW,
    // Frozen progress keeps every screenshot identical; playback is driven by the play functions.
    autoplay: false,
    clock,
    onSeen: fn(),
    onClose: fn(),
    onMutedChange: fn(),
  },
  // Chromatic: the progress bars' transition settles before the snapshot.
  parameters: { chromatic: { delay: 300, pauseAnimationAtEnd: true } },
  beforeEach: () => clock.reset(),
} satisfies Meta<typeof StoriesPlayer>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** How full the progress bar of story `index` is, 0..1. */
function fill(dialog: HTMLElement, index: number) {
  const bar = dialog.querySelectorAll<HTMLElement>('[data-slot="story-progress"]')[index]!
  const transform = (bar.firstElementChild as HTMLElement).style.transform
  return Number(/scaleX\(([\d.e-]+)\)/.exec(transform)![1])
}

export const FirstStory: Story = {
  name: "Primeiro story",
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
  name: "Story do meio",
  args: { lastSeen: seenAt(1) },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 3 de 5")
    await expect(dialog).toHaveTextContent("há 3 horas")
    await expect(args.onSeen).toHaveBeenCalledTimes(1)
    await expect(args.onSeen).toHaveBeenCalledWith(stories[2])
  },
}

/**
 * Reopened where the follower closed it: part-way through the third story. Moving on reports
 * the story as finished and the new position, so the next visit resumes from there.
 */
export const ResumedPartWay: Story = {
  name: "Retomado no meio",
  args: { startIndex: 2, startProgress: 0.5, onFinished: fn(), onPosition: fn() },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 3 de 5")
    await expect(fill(dialog, 2)).toBe(0.5)
    await expect(args.onPosition).toHaveBeenLastCalledWith({ index: 2, progress: 0.5 })
    await userEvent.click(within(dialog).getByRole("button", { name: "Próximo story" }))
    await expect(args.onFinished).toHaveBeenCalledWith(stories[2])
    await expect(args.onPosition).toHaveBeenLastCalledWith({ index: 3, progress: 0 })
    await userEvent.click(within(dialog).getByRole("button", { name: "Story anterior" }))
    // Going back finishes nothing.
    await expect(args.onFinished).toHaveBeenCalledTimes(1)
  },
}

export const ProcessingStory: Story = {
  name: "Story em processamento",
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
  name: "Sem som",
  args: { defaultMuted: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Ativar som" }))
    await expect(args.onMutedChange).toHaveBeenLastCalledWith(false)
    await userEvent.click(within(dialog).getByRole("button", { name: "Silenciar" }))
    await expect(args.onMutedChange).toHaveBeenLastCalledWith(true)
    // The dialog fades in: a play run right after a remount can get here while it is still faint.
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Ativar som" })).toBeVisible(),
    )
  },
}

export const WithCreatorControls: Story = {
  name: "Com controles da criadora",
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
  name: "Erro ao excluir",
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
  name: "Navegação pelo teclado",
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
  name: "Próximo no último fecha",
  args: { lastSeen: seenAt(3) },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Story 5 de 5")
    await userEvent.click(within(dialog).getByRole("button", { name: "Próximo story" }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const TapZones: Story = {
  name: "Toques nas bordas",
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
    // One session per press, so the release belongs to the same press.
    await step("a press pauses after 10 ms and, released under 120 ms, is a tap", async () => {
      const user = userEvent.setup()
      await user.pointer({ keys: "[MouseLeft>]", target: nextZone })
      await clock.advance(9)
      await expect(status).not.toHaveTextContent("pausado")
      await clock.advance(1)
      await expect(status).toHaveTextContent("Story 2 de 5, pausado")
      await clock.advance(109)
      await user.pointer({ keys: "[/MouseLeft]", target: nextZone })
      await waitFor(() => expect(status).not.toHaveTextContent("pausado"))
      await expect(status).toHaveTextContent("Story 3 de 5")
    })
    await step("a press of 120 ms stays paused while held and does not move on", async () => {
      const user = userEvent.setup()
      await user.pointer({ keys: "[MouseLeft>]", target: nextZone })
      await clock.advance(120)
      await expect(status).toHaveTextContent("Story 3 de 5, pausado")
      await clock.advance(2_000)
      await expect(status).toHaveTextContent("pausado")
      await user.pointer({ keys: "[/MouseLeft]", target: nextZone })
      await waitFor(() => expect(status).not.toHaveTextContent("pausado"))
      await expect(status).toHaveTextContent("Story 3 de 5")
    })
    await expect(args.onClose).not.toHaveBeenCalled()
  },
}

export const PanDownCloses: Story = {
  name: "Arrastar para baixo fecha",
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
  name: "Computador",
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

/**
 * Image stories advance on their own after 5 seconds (frames of 16 ms); after the last one the
 * player closes. A long press holds the clock of the story on screen.
 */
export const Autoplay: Story = {
  name: "Avança sozinho",
  args: { autoplay: true, lastSeen: seenAt(2) },
  play: async ({ canvasElement, args, step }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const status = within(dialog).getByRole("status")
    await expect(status).toHaveTextContent("Story 4 de 5")
    await step("a story stays 5 seconds", async () => {
      await clock.advance(2_496)
      await expect(fill(dialog, 3)).toBeCloseTo(0.4992, 5)
      await clock.advance(2_496)
      await expect(status).toHaveTextContent("Story 4 de 5")
      await expect(fill(dialog, 3)).toBeCloseTo(0.9984, 5)
      await clock.advance(16)
      await expect(status).toHaveTextContent("Story 5 de 5")
      await expect(fill(dialog, 3)).toBe(1)
      await expect(fill(dialog, 4)).toBe(0)
      await expect(args.onSeen).toHaveBeenLastCalledWith(stories[4])
    })
    await step("held, the story waits", async () => {
      const user = userEvent.setup()
      const frame = dialog.querySelector<HTMLElement>('[data-slot="story-frame"]')!
      await clock.advance(1_008)
      await user.pointer({ keys: "[MouseLeft>]", target: frame })
      await clock.advance(10_000)
      await expect(status).toHaveTextContent("Story 5 de 5, pausado")
      await user.pointer({ keys: "[/MouseLeft]", target: frame })
      await waitFor(() => expect(status).not.toHaveTextContent("pausado"))
    })
    await step("after the last story the player closes", async () => {
      // 1,008 ms played before the press paused it 10 ms in; the rest ends on a 16 ms frame.
      await clock.advance(3_984)
      await expect(args.onClose).not.toHaveBeenCalled()
      await clock.advance(16)
      await expect(args.onClose).toHaveBeenCalledTimes(1)
    })
  },
}

const video = {
  ...stories[0]!,
  kind: "video" as const,
  src: "data:video/mp4;base64,",
}

/** A video story: its own progress and end move the player, not the image timer. */
export const VideoStory: Story = {
  name: "Story em vídeo",
  args: { autoplay: true, stories: [video, ...stories.slice(1)] },
  play: async ({ canvasElement, args, step }) => {
    const dialog = await body(canvasElement).findByRole("dialog")
    const status = within(dialog).getByRole("status")
    const element = dialog.querySelector("video")!
    await expect(element).toHaveAttribute("src", video.src)
    await expect(element).toHaveAttribute("poster", video.image!.src)
    await step("the image timer does not move a video on", async () => {
      await clock.advance(10_000)
      await expect(status).toHaveTextContent("Story 1 de 5")
      await expect(fill(dialog, 0)).toBe(0)
    })
    await step("progress follows the video", async () => {
      Object.defineProperty(element, "duration", { value: 8, configurable: true })
      Object.defineProperty(element, "currentTime", { value: 2, configurable: true })
      element.dispatchEvent(new Event("timeupdate"))
      await waitFor(() => expect(fill(dialog, 0)).toBe(0.25))
    })
    await step("the mute button mutes the video", async () => {
      await expect(element.muted).toBe(false)
      await userEvent.click(within(dialog).getByRole("button", { name: "Silenciar" }))
      await expect(element.muted).toBe(true)
      await expect(args.onMutedChange).toHaveBeenLastCalledWith(true)
    })
    await step("its end moves to the next story", async () => {
      element.dispatchEvent(new Event("ended"))
      await waitFor(() => expect(status).toHaveTextContent("Story 2 de 5"))
      await waitFor(() => expect(args.onSeen).toHaveBeenLastCalledWith(stories[1]))
      await expect(dialog.querySelector("video")).toBeNull()
    })
  },
}
