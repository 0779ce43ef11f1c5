import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { saoPauloWallClock, scheduleInPastMessage } from "../../domain/scheduled-posts.ts"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeStudioStories } from "../../testing/fixtures/studio.ts"
import { anyUploadControl, stalledUpload } from "../../testing/fixtures/uploads.ts"
import { StudioStoriesPanel } from "./studio-stories-panel.tsx"
import { pageOf, studioColumn } from "../../testing/story-helpers.tsx"

const stories = makeStudioStories()

const meta = {
  title: "Telas/Estúdio/Partes/Stories",
  tags: ["criadora", "jornada-estudio"],
  component: StudioStoriesPanel,
  args: {
    view: { status: "ready", videoProcessing: "ffmpeg", stories },
    now: FIXED_NOW,
    onRetry: fn(),
    onUpload: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
  decorators: [studioColumn],
} satisfies Meta<typeof StudioStoriesPanel>

export default meta
type Story = StoryObj<typeof meta>

const video = () => new File(["v"], "story.mp4", { type: "video/mp4" })

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
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nenhum story",
  args: { view: { status: "ready", videoProcessing: "ffmpeg", stories: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Você ainda não publicou stories/)).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de stories",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = canvas.getAllByRole("listitem")
    await expect(items).toHaveLength(3)
    await expect(items[0]).toHaveTextContent("Vídeo · há 20 minutos")
    await expect(items[0]).toHaveTextContent("12 visualizações")
    await expect(items[1]).toHaveTextContent("Imagem · há 3 horas")
    await expect(canvas.queryByText("processando")).toBeNull()
    await expect(canvas.getByText(/MP4 ou WebM de até 100 MB/)).toBeVisible()
    // Each tile shows the story's renditions: the image's, or the video's poster's.
    await expect(items[0]!.querySelector("img")).toHaveAttribute("srcset", stories[0]!.image!.jpeg)
    await expect(items[1]!.querySelector("img")).toHaveAttribute("srcset", stories[1]!.image!.jpeg)
    // The first row is the page's largest picture: fetched at once, ahead of any other.
    for (const item of items) {
      await expect(item.querySelector("img")).toHaveAttribute("loading", "eager")
      await expect(item.querySelector("img")).toHaveAttribute("fetchpriority", "high")
    }
  },
}

export const MoreThanOneRow: Story = {
  name: "Mais de uma fileira",
  args: { view: { status: "ready", videoProcessing: "ffmpeg", stories: makeStudioStories(5) } },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem")
    await expect(items).toHaveLength(5)
    const picture = (item: HTMLElement) => item.querySelector("img")
    // The rows below come once the first row's pictures have arrived, and at low priority.
    await waitFor(() => expect(picture(items[4]!)).not.toBeNull())
    for (const item of items.slice(0, 3))
      await expect((picture(item) as HTMLImageElement).complete).toBe(true)
    for (const item of items.slice(3)) {
      await expect(picture(item)).toHaveAttribute("loading", "lazy")
      await expect(picture(item)).toHaveAttribute("fetchpriority", "low")
    }
  },
}

export const Processing: Story = {
  name: "Story em processamento",
  args: {
    view: {
      status: "ready",
      videoProcessing: "ffmpeg",
      stories: [
        {
          ...stories[0]!,
          processed: false,
          displayUrl: null,
          image: undefined,
          stats: { users: 0 },
        },
        ...stories.slice(1),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("processando")).toBeVisible()
    const first = canvas.getAllByRole("listitem")[0]!
    await expect(first).toHaveTextContent("0 visualizações")
    // No poster yet: the play sign stands in for the picture.
    await expect(first.querySelector("img")).toBeNull()
  },
}

/** Without ffmpeg the studio says so; the upload still works. */
export const WithoutFfmpeg: Story = {
  name: "Sem ffmpeg",
  args: { view: { status: "ready", videoProcessing: "unavailable", stories } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText(
        "O servidor não tem ffmpeg: vídeos são publicados como enviados, sem capa nem versão otimizada.",
      ),
    ).toBeVisible()
    const file = video()
    await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), file)
    await expect(args.onUpload).toHaveBeenCalledWith(file, null, anyUploadControl())
  },
}

/** A 48 MB video on a slow connection: the bar, how much has gone, and a way out. */
export const Uploading: Story = {
  name: "Enviando story",
  args: { onUpload: fn(stalledUpload(42)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), video())
    const bar = await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(canvas.getByText("20,1 MB de 48,0 MB")).toBeVisible()
    await expect(canvas.getByText("story.mp4")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Enviar story" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Cancelar" })).toBeEnabled()
  },
}

export const UploadCancelled: Story = {
  name: "Envio cancelado",
  args: { onUpload: fn(stalledUpload(42)) },
  play: async (context) => {
    const canvas = within(context.canvasElement)
    await Uploading.play!(context)
    await userEvent.click(canvas.getByRole("button", { name: "Cancelar" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Envio cancelado")
    await expect(canvas.queryByRole("progressbar")).toBeNull()
    await expect(canvas.getByRole("button", { name: "Enviar story" })).toBeEnabled()
    await expect(pageOf(context.canvasElement).queryByText("Story publicado")).toBeNull()
  },
}

/** Whether the connection is back, for UploadFailed's second try. */
let online = false

/** The connection drops; "Tentar novamente" sends the same video once it is back. */
export const UploadFailed: Story = {
  name: "Erro ao enviar",
  args: {
    onUpload: fn(async () => {
      if (!online)
        throw { message: "Não foi possível conectar. Verifique a sua internet e tente novamente." }
    }),
  },
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    online = false
    const file = video()
    await step("the upload fails", async () => {
      await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), file)
      await expect(await canvas.findByRole("alert")).toHaveTextContent(
        "Não foi possível conectar. Verifique a sua internet e tente novamente.",
      )
    })
    await step("the same video goes again", async () => {
      online = true
      await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
      await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
        "Story publicado",
      )
      await expect(args.onUpload).toHaveBeenCalledTimes(2)
      await expect(args.onUpload).toHaveBeenLastCalledWith(file, null, anyUploadControl())
      await expect(canvas.getByRole("status")).toHaveTextContent("Envio concluído")
    })
  },
}

export const Uploaded: Story = {
  name: "Story publicado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), video())
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Story publicado",
    )
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Envio concluído")
  },
}

export const UploadRefused: Story = {
  name: "Tipo de arquivo não aceito",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const doc = new File(["x"], "roteiro.pdf", { type: "application/pdf" })
    await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), doc, {
      applyAccept: false,
    })
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Envie um vídeo (MP4 ou WebM) ou uma imagem (JPEG, PNG ou WebP).",
    )
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}

export const UploadTooLarge: Story = {
  name: "Vídeo grande demais",
  args: {
    onUpload: fn(async () => {
      throw { message: "O vídeo pode ter até 100 MB.", code: "file_too_large" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.upload(
      within(canvasElement).getByLabelText("Enviar story", { selector: "input" }),
      video(),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "O vídeo pode ter até 100 MB.",
    )
    // Sending the same file again cannot help.
    await expect(
      within(canvasElement).queryByRole("button", { name: "Tentar novamente" }),
    ).toBeNull()
  },
}

/** A video over 100 MB is refused before a byte goes. */
export const UploadTooLargeBeforeSending: Story = {
  name: "Vídeo grande demais antes de enviar",
  play: async ({ canvasElement, args }) => {
    const big = video()
    Object.defineProperty(big, "size", { value: 100 * 1024 * 1024 + 1 })
    await userEvent.upload(
      within(canvasElement).getByLabelText("Enviar story", { selector: "input" }),
      big,
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "O vídeo pode ter até 100 MB.",
    )
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}

export const Delete: Story = {
  name: "Apagar story",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Apagar story de há 20 minutos" }))
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Apagar este story?",
    })
    await expect(dialog).toHaveTextContent("Ele some do seu perfil e dos destaques em que aparece.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }))
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith("studio-story-1"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent("Story apagado")
  },
}

/** Two days from the real today at 20:00 in São Paulo: the form checks against the device's clock. */
const inTwoDays = () => saoPauloWallClock(new Date(Date.now() + 2 * 86_400_000)).date

export const Scheduled: Story = {
  name: "Programar um story",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const day = inTwoDays()
    await userEvent.type(canvas.getByLabelText("Data"), day)
    await userEvent.type(canvas.getByLabelText("Horário"), "20:00")
    const file = video()
    await userEvent.upload(canvas.getByLabelText("Programar story", { selector: "input" }), file)
    // 20:00 in São Paulo is 23:00 UTC.
    await expect(args.onUpload).toHaveBeenCalledWith(
      file,
      `${day}T23:00:00.000Z`,
      anyUploadControl(),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      /^Story programado para \d{2}\/\d{2}\/\d{4} às 20:00$/,
    )
    // Dismissed: its date is the real today's, and the screenshot must not change by the day.
    await userEvent.click(await pageOf(canvasElement).findByRole("alert"))
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alert")).toBeNull())
  },
}

export const ScheduledInThePast: Story = {
  name: "Programar para o passado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("Data"), "2020-01-10")
    await userEvent.type(canvas.getByLabelText("Horário"), "09:30")
    await userEvent.upload(canvas.getByLabelText("Programar story", { selector: "input" }), video())
    await expect(canvas.getByText(scheduleInPastMessage)).toBeVisible()
    await expect(args.onUpload).not.toHaveBeenCalled()
  },
}
