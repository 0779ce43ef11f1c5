import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, within } from "storybook/test"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import {
  makeStudioMedias,
  makeStudioStories,
  studioHighlights,
} from "../../testing/fixtures/studio.ts"
import { scheduledPosts } from "../../testing/fixtures/scheduled-posts.ts"
import {
  StudioContentScreen,
  type ContentTab,
  type StudioContentScreenProps,
} from "./studio-content-screen.tsx"

const stories = makeStudioStories()

function Controlled(props: StudioContentScreenProps) {
  const [tab, setTab] = useState<ContentTab>(props.tab)
  return (
    <div className="mx-auto max-w-3xl p-4">
      <StudioContentScreen
        {...props}
        tab={tab}
        onTabChange={(next) => {
          setTab(next)
          props.onTabChange(next)
        }}
      />
    </div>
  )
}

const meta = {
  title: "Telas/Estúdio/Conteúdo",
  tags: ["criadora", "jornada-estudio"],
  component: StudioContentScreen,
  render: (args) => <Controlled {...args} />,
  args: {
    tab: "stories",
    onTabChange: fn(),
    stories: {
      view: { status: "ready", videoProcessing: "ffmpeg", stories },
      now: FIXED_NOW,
      onRetry: fn(),
      onUpload: fn(async () => {}),
      onDelete: fn(async () => {}),
    },
    photos: {
      view: { status: "ready", medias: makeStudioMedias() },
      onRetry: fn(),
      onUpload: fn(async () => {}),
      onDescribe: fn(async () => {}),
      onDelete: fn(async () => {}),
    },
    highlights: {
      view: { status: "ready", highlights: studioHighlights, stories },
      now: FIXED_NOW,
      onRetry: fn(),
      onCreate: fn(async () => {}),
      onUpdate: fn(async () => {}),
      onDelete: fn(async () => {}),
    },
    scheduled: {
      view: { status: "ready", posts: scheduledPosts },
      onRetry: fn(),
      onReschedule: fn(async () => {}),
      onPublishNow: fn(async () => {}),
      onCancel: fn(async () => {}),
    },
  },
} satisfies Meta<typeof StudioContentScreen>

export default meta
type Story = StoryObj<typeof meta>

export const StoriesTab: Story = {
  name: "Aba Stories",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("tab", { name: "Stories" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await expect(canvas.getByRole("heading", { name: "Stories" })).toBeVisible()
    await userEvent.click(canvas.getByRole("tab", { name: "Fotos" }))
    await expect(args.onTabChange).toHaveBeenCalledWith("fotos")
    // The photos' panel arrives with the tab, not with the page.
    await expect(await canvas.findByRole("heading", { name: "Fotos" })).toBeVisible()
  },
}

export const HighlightsTab: Story = {
  name: "Aba Destaques",
  args: { tab: "destaques" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("heading", { name: "Destaques" })).toBeVisible()
    await expect(canvas.getByText("Viagens")).toBeVisible()
  },
}

export const ScheduledTab: Story = {
  name: "Aba Programados",
  args: { tab: "programados" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("heading", { name: "Programados" })).toBeVisible()
    await expect(canvas.getByText("22/11/2026 às 18:00")).toBeVisible()
  },
}
