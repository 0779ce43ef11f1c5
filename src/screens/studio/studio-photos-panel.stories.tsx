import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeStudioMedias } from "../../testing/fixtures/studio.ts"
import { STUDIO_PHOTO_SIZES, StudioPhotosPanel } from "./studio-photos-panel.tsx"
import { pageOf, studioColumn } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Screens/Studio/StudioPhotosPanel",
  component: StudioPhotosPanel,
  args: {
    view: { status: "ready", medias: makeStudioMedias() },
    onRetry: fn(),
    onUpload: fn(async () => {}),
    onDescribe: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
  decorators: [studioColumn],
} satisfies Meta<typeof StudioPhotosPanel>

export default meta
type Story = StoryObj<typeof meta>

const photo = () => new File(["p"], "praia.jpg", { type: "image/jpeg" })

export const Loading: Story = {
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Houve um erro inesperado.")).toBeVisible()
  },
}

export const Empty: Story = {
  args: { view: { status: "ready", medias: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nenhuma foto ainda/)).toBeVisible()
  },
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = canvas.getAllByRole("listitem")
    await expect(items).toHaveLength(4)
    await expect(items[0]).toHaveTextContent("8 curtidas")
    await expect(items[0]).toHaveTextContent("Manhã de praia 🌊")
    await expect(items[1]).toHaveTextContent("Sem legenda")
    const look = canvas.getByRole("img", { name: "Look do dia" })
    await expect(look).toBeVisible()
    // The grid tile's renditions, for two or three columns of the studio.
    await expect(look).toHaveAttribute("sizes", STUDIO_PHOTO_SIZES)
    await expect(look.parentElement!.querySelector("source")).toHaveAttribute(
      "srcset",
      makeStudioMedias()[2]!.thumbImage!.avif,
    )
  },
}

export const PublishWithCaption: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const file = photo()
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), file)
    const form = canvas.getByRole("region", { name: "Nova foto" })
    await expect(within(form).getByRole("img", { name: "Prévia da foto escolhida" })).toBeVisible()
    await userEvent.type(within(form).getByLabelText("Legenda"), "  Fim de tarde ")
    await userEvent.click(within(form).getByRole("button", { name: "Publicar foto" }))
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledWith(file, "Fim de tarde"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Foto publicada",
    )
    await waitFor(() => expect(canvas.queryByRole("region", { name: "Nova foto" })).toBeNull())
  },
}

export const Publishing: Story = {
  args: { onUpload: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), photo())
    await userEvent.click(canvas.getByRole("button", { name: "Publicar foto" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Publicar foto" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
    await expect(canvas.getByRole("button", { name: "Cancelar" })).toBeDisabled()
  },
}

export const CaptionTooLong: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), photo())
    const caption = canvas.getByLabelText("Legenda")
    await userEvent.click(caption)
    await userEvent.paste("a".repeat(2201))
    await expect(canvas.getByText("A legenda pode ter até 2200 caracteres")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Publicar foto" }))
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}

export const EditCaption: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Editar legenda: Look do dia" }))
    const dialog = await pageOf(canvasElement).findByRole("dialog", { name: "Editar legenda" })
    const field = within(dialog).getByLabelText("Legenda")
    await userEvent.clear(field)
    await userEvent.type(field, "Look aprovado")
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvar legenda" }))
    await waitFor(() =>
      expect(args.onDescribe).toHaveBeenCalledWith("studio-media-3", "Look aprovado"),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Legenda atualizada",
    )
  },
}

export const Delete: Story = {
  args: {
    onDelete: fn(async () => {
      throw { message: "Este conteúdo não é seu." }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Apagar Manhã de praia 🌊" }))
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Apagar esta foto?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }))
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith("studio-media-1"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Este conteúdo não é seu.",
    )
  },
}
