import type { Meta, StoryObj } from "@storybook/react-vite"
import { saoPauloWallClock, scheduleTooFarMessage } from "../../domain/scheduled-posts.ts"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeStudioMedias } from "../../testing/fixtures/studio.ts"
import { anyUploadControl, stalledUpload } from "../../testing/fixtures/uploads.ts"
import { STUDIO_PHOTO_SIZES, StudioPhotosPanel } from "./studio-photos-panel.tsx"
import { pageOf, studioColumn } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Fotos",
  tags: ["criadora", "jornada-estudio"],
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
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Houve um erro inesperado.")).toBeVisible()
  },
}

export const Empty: Story = {
  name: "Nenhuma foto",
  args: { view: { status: "ready", medias: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nenhuma foto ainda/)).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de fotos",
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
  name: "Publicar com legenda",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const file = photo()
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), file)
    const form = canvas.getByRole("region", { name: "Nova foto" })
    await expect(within(form).getByRole("img", { name: "Prévia da foto escolhida" })).toBeVisible()
    await userEvent.type(within(form).getByLabelText("Legenda"), "  Fim de tarde ")
    await userEvent.click(within(form).getByRole("button", { name: "Publicar foto" }))
    await waitFor(() =>
      expect(args.onUpload).toHaveBeenCalledWith(file, "Fim de tarde", null, anyUploadControl()),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Foto publicada",
    )
    await waitFor(() => expect(canvas.queryByRole("region", { name: "Nova foto" })).toBeNull())
  },
}

export const Publishing: Story = {
  name: "Publicando",
  args: { onUpload: fn(stalledUpload(42, 8 * 1024 * 1024)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), photo())
    await userEvent.click(canvas.getByRole("button", { name: "Publicar foto" }))
    const bar = await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(canvas.getByText("3,3 MB de 8,0 MB")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Escolher foto" })).toBeDisabled()
    await expect(canvas.getByLabelText("Legenda")).toBeDisabled()
    // One "Cancelar" while it goes up: the one that stops it.
    await expect(canvas.getAllByRole("button", { name: "Cancelar" })).toHaveLength(1)
    await expect(canvas.queryByRole("button", { name: "Publicar foto" })).toBeNull()
  },
}

/** Cancelling keeps the photo and its caption, ready to publish. */
export const PublishCancelled: Story = {
  name: "Publicação cancelada",
  args: { onUpload: fn(stalledUpload(42, 8 * 1024 * 1024)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), photo())
    await userEvent.type(canvas.getByLabelText("Legenda"), "Fim de tarde")
    await userEvent.click(canvas.getByRole("button", { name: "Publicar foto" }))
    await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await userEvent.click(canvas.getByRole("button", { name: "Cancelar" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Envio cancelado")
    const form = canvas.getByRole("region", { name: "Nova foto" })
    await expect(within(form).getByLabelText("Legenda")).toHaveValue("Fim de tarde")
    await expect(within(form).getByRole("button", { name: "Publicar foto" })).toBeEnabled()
  },
}

/** Whether the connection is back, for PublishFailed's second try. */
let online = false

/** A failure keeps the form; "Tentar novamente" sends the caption as it is now. */
export const PublishFailed: Story = {
  name: "Erro ao publicar",
  args: {
    onUpload: fn(async () => {
      if (!online)
        throw { message: "Não foi possível conectar. Verifique a sua internet e tente novamente." }
    }),
  },
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    online = false
    const file = photo()
    await step("the upload fails and the form stays", async () => {
      await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), file)
      await userEvent.type(canvas.getByLabelText("Legenda"), "Fim de tarde")
      await userEvent.click(canvas.getByRole("button", { name: "Publicar foto" }))
      await expect(await canvas.findByRole("alert")).toHaveTextContent(
        "Não foi possível conectar. Verifique a sua internet e tente novamente.",
      )
      await expect(canvas.getByLabelText("Legenda")).toHaveValue("Fim de tarde")
    })
    await step("it goes again with the caption as edited", async () => {
      online = true
      await userEvent.type(canvas.getByLabelText("Legenda"), " 🌅")
      await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
      await waitFor(() =>
        expect(args.onUpload).toHaveBeenLastCalledWith(
          file,
          "Fim de tarde 🌅",
          null,
          anyUploadControl(),
        ),
      )
      await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
        "Foto publicada",
      )
      await waitFor(() => expect(canvas.queryByRole("region", { name: "Nova foto" })).toBeNull())
    })
  },
}

/** A file of the wrong type is refused as it is picked. */
export const PickRefused: Story = {
  name: "Arquivo não é imagem",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const clip = new File(["v"], "clipe.mp4", { type: "video/mp4" })
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), clip, {
      applyAccept: false,
    })
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Apenas imagens são permitidas.",
    )
    await expect(canvas.queryByRole("region", { name: "Nova foto" })).toBeNull()
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}

/** A photo over 10 MB is refused before a byte goes. */
export const PickTooLarge: Story = {
  name: "Imagem grande demais",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const big = photo()
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 })
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), big)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("A imagem pode ter até 10 MB.")
    await expect(canvas.queryByRole("region", { name: "Nova foto" })).toBeNull()
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}

export const CaptionTooLong: Story = {
  name: "Legenda longa demais",
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
  name: "Editar legenda",
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
  name: "Erro ao apagar foto",
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

export const ScheduledPhoto: Story = {
  name: "Programar uma foto",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const file = photo()
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), file)
    const form = canvas.getByRole("region", { name: "Nova foto" })
    // Two days from the real today: the form checks the time against the device's clock.
    const day = saoPauloWallClock(new Date(Date.now() + 2 * 86_400_000)).date
    await userEvent.type(within(form).getByLabelText("Data"), day)
    await userEvent.type(within(form).getByLabelText("Horário"), "08:15")
    await userEvent.click(within(form).getByRole("button", { name: "Programar foto" }))
    await waitFor(() =>
      expect(args.onUpload).toHaveBeenCalledWith(
        file,
        "",
        `${day}T11:15:00.000Z`,
        anyUploadControl(),
      ),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent("às 08:15")
    // Dismissed: its date is the real today's, and the screenshot must not change by the day.
    await userEvent.click(await pageOf(canvasElement).findByRole("alert"))
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alert")).toBeNull())
  },
}

export const ScheduledTooFar: Story = {
  name: "Programar foto para longe demais",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Escolher foto", { selector: "input" }), photo())
    const form = canvas.getByRole("region", { name: "Nova foto" })
    await userEvent.type(within(form).getByLabelText("Data"), "2099-12-31")
    await userEvent.type(within(form).getByLabelText("Horário"), "10:00")
    await userEvent.click(within(form).getByRole("button", { name: "Programar foto" }))
    await expect(within(form).getByText(scheduleTooFarMessage)).toBeVisible()
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}
