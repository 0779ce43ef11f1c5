import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeStudioStories, studioHighlights } from "../../testing/fixtures/studio.ts"
import { StudioHighlightsPanel } from "./studio-highlights-panel.tsx"
import { pageOf, studioColumn } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Destaques",
  tags: ["criadora", "jornada-estudio"],
  component: StudioHighlightsPanel,
  args: {
    view: { status: "ready", highlights: studioHighlights, stories: makeStudioStories() },
    now: FIXED_NOW,
    onRetry: fn(),
    onCreate: fn(async () => {}),
    onUpdate: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
  decorators: [studioColumn],
} satisfies Meta<typeof StudioHighlightsPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Carregando")).toBeInTheDocument()
    await expect(canvas.getByRole("button", { name: "Novo destaque" })).toBeDisabled()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Houve um erro inesperado.")).toBeVisible()
  },
}

export const NoStoriesYet: Story = {
  name: "Sem stories ainda",
  args: { view: { status: "ready", highlights: [], stories: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Publique stories para montar destaques.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Novo destaque" })).toBeDisabled()
  },
}

export const Empty: Story = {
  name: "Nenhum destaque",
  args: { view: { status: "ready", highlights: [], stories: makeStudioStories() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nenhum destaque ainda/)).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de destaques",
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem")
    await expect(items[0]).toHaveTextContent("Viagens2 stories")
    await expect(items[1]).toHaveTextContent("Rotina1 story")
  },
}

export const Create: Story = {
  name: "Criar destaque",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Novo destaque" }))
    const dialog = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Novo destaque" }),
    )
    await userEvent.type(dialog.getByLabelText("Título"), "Treinos")
    await userEvent.click(dialog.getByRole("checkbox", { name: "Story de há 20 minutos" }))
    await userEvent.click(dialog.getByRole("button", { name: "Salvar destaque" }))
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        title: "Treinos",
        storyIds: ["studio-story-1"],
        cover: null,
      }),
    )
  },
}

export const Edit: Story = {
  name: "Editar destaque",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Editar Rotina" }))
    const dialog = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Editar destaque" }),
    )
    await userEvent.click(dialog.getByRole("checkbox", { name: "Story de há 20 minutos" }))
    await userEvent.click(dialog.getByRole("button", { name: "Salvar destaque" }))
    await waitFor(() =>
      expect(args.onUpdate).toHaveBeenCalledWith("highlight-rotina", {
        title: "Rotina",
        storyIds: ["studio-story-2", "studio-story-1"],
        cover: null,
      }),
    )
  },
}

export const Delete: Story = {
  name: "Apagar destaque",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Apagar Viagens" }))
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Apagar o destaque Viagens?",
    })
    await expect(dialog).toHaveTextContent("Os stories continuam publicados.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }))
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith("highlight-viagens"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Destaque apagado",
    )
  },
}
