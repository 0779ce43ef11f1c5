import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeStudioStories } from "../../testing/fixtures/studio.ts"
import { HighlightDialog } from "./highlight-dialog.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Janela de destaque",
  tags: ["criadora", "jornada-estudio"],
  component: HighlightDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    stories: makeStudioStories(),
    now: FIXED_NOW,
    onSubmit: fn(async () => {}),
  },
} satisfies Meta<typeof HighlightDialog>

export default meta
type Story = StoryObj<typeof meta>

export const NewHighlight: Story = {
  name: "Novo destaque",
  play: async ({ canvasElement, args }) => {
    const dialog = await pageOf(canvasElement).findByRole("dialog", { name: "Novo destaque" })
    const view = within(dialog)
    await waitFor(() =>
      expect(view.getByText("Sem capa escolhida, vale a do primeiro story.")).toBeVisible(),
    )
    await userEvent.type(view.getByLabelText("Título"), "Viagens")
    await userEvent.click(view.getByRole("checkbox", { name: "Story de há 3 horas" }))
    await userEvent.click(view.getByRole("checkbox", { name: "Story de há 20 minutos" }))
    const cover = new File(["c"], "capa.png", { type: "image/png" })
    await userEvent.upload(view.getByLabelText("Escolher capa", { selector: "input" }), cover)
    await expect(view.getByText("Capa: capa.png")).toBeVisible()
    await userEvent.click(view.getByRole("button", { name: "Salvar destaque" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        title: "Viagens",
        storyIds: ["studio-story-2", "studio-story-1"],
        cover,
      }),
    )
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const ValidationMessages: Story = {
  name: "Dados inválidos",
  play: async ({ canvasElement, args }) => {
    const view = within(await pageOf(canvasElement).findByRole("dialog", { name: "Novo destaque" }))
    await userEvent.type(view.getByLabelText("Título"), "x".repeat(31))
    await userEvent.click(view.getByRole("button", { name: "Salvar destaque" }))
    await expect(await view.findByText("O título pode ter até 30 caracteres")).toBeVisible()
    await expect(view.getByText("Escolha pelo menos um story")).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const EditExisting: Story = {
  name: "Editar destaque",
  args: { initial: { title: "Rotina", storyIds: ["studio-story-3"] } },
  play: async ({ canvasElement, args }) => {
    const view = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Editar destaque" }),
    )
    await expect(view.getByLabelText("Título")).toHaveValue("Rotina")
    await expect(view.getByRole("checkbox", { name: "Story de há 6 horas" })).toBeChecked()
    await userEvent.click(view.getByRole("button", { name: "Salvar destaque" }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        title: "Rotina",
        storyIds: ["studio-story-3"],
        cover: null,
      }),
    )
  },
}

export const SaveFails: Story = {
  name: "Erro ao salvar",
  args: {
    onSubmit: fn(async () => {
      throw { message: "Este conteúdo não é seu." }
    }),
    initial: { title: "Rotina", storyIds: ["studio-story-3"] },
  },
  play: async ({ canvasElement, args }) => {
    const view = within(
      await pageOf(canvasElement).findByRole("dialog", { name: "Editar destaque" }),
    )
    await userEvent.click(view.getByRole("button", { name: "Salvar destaque" }))
    await waitFor(() =>
      expect(pageOf(canvasElement).getByRole("alert")).toHaveTextContent(
        "Este conteúdo não é seu.",
      ),
    )
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
}
