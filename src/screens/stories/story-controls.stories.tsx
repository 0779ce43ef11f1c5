import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeProfile, makeStories } from "../../testing/fixtures/profile.ts"
import { StoryCreatorBar, StoryProgressBars, StoryTopBar } from "./story-controls.tsx"

const profile = makeProfile()
const story = { ...makeStories(1)[0]!, stats: { users: 1 } }
const onDelete = fn(async () => undefined)

const meta = {
  title: "Telas/Perfil e stories/Partes/Controles do story",
  tags: ["seguidora"],
  component: StoryTopBar,
  args: {
    author: profile,
    time: "há 3 horas",
    paused: false,
    muted: false,
    onTogglePaused: fn(),
    onToggleMuted: fn(),
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div className="relative h-40 bg-black p-2 text-white">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StoryTopBar>

export default meta
type Story = StoryObj<typeof meta>

export const TopBar: Story = {
  name: "Barra de cima",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("demo")).toBeVisible()
    await expect(canvas.getByText("há 3 horas")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Pausar" }))
    await userEvent.click(canvas.getByRole("button", { name: "Silenciar" }))
    await userEvent.click(canvas.getByRole("button", { name: "Fechar" }))
    await expect(args.onTogglePaused).toHaveBeenCalledTimes(1)
    await expect(args.onToggleMuted).toHaveBeenCalledTimes(1)
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const PausedAndMuted: Story = {
  name: "Pausado e sem som",
  args: { paused: true, muted: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Continuar" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Ativar som" })).toBeVisible()
  },
}

export const ProgressBars: Story = {
  name: "Barras de progresso",
  render: () => <StoryProgressBars count={4} index={1} progress={0.5} />,
  play: async ({ canvasElement }) => {
    const fills = [...canvasElement.querySelectorAll('[data-slot="story-progress"] > span')]
    await expect(fills.map((fill) => (fill as HTMLElement).style.transform)).toEqual([
      "scaleX(1)",
      "scaleX(0.5)",
      "scaleX(0)",
      "scaleX(0)",
    ])
  },
}

export const CreatorBar: Story = {
  name: "Barra da criadora",
  render: () => <StoryCreatorBar story={story} showViewers onDelete={onDelete} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("1 visualização")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Excluir story" }))
    await expect(onDelete).toHaveBeenCalledWith(story)
  },
}
