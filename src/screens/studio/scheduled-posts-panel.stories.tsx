import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  saoPauloWallClock,
  scheduleInPastMessage,
  type ScheduledPost,
} from "../../domain/scheduled-posts.ts"
import { scheduledPosts } from "../../testing/fixtures/scheduled-posts.ts"
import { pageOf } from "../../testing/story-helpers.tsx"
import { ScheduledPostsPanel } from "./scheduled-posts-panel.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Programados",
  tags: ["criadora", "jornada-estudio"],
  component: ScheduledPostsPanel,
  args: {
    view: { status: "ready", posts: scheduledPosts },
    onRetry: fn(),
    onReschedule: fn(async () => {}),
    onPublishNow: fn(async () => {}),
    onCancel: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-3xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ScheduledPostsPanel>

export default meta
type Story = StoryObj<typeof meta>

const photo = scheduledPosts[1] as ScheduledPost
const page = () => within(document.body)

export const Loading: Story = {
  name: "Carregando programados",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar programados",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nada programado",
  args: { view: { status: "ready", posts: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nada programado/)).toBeVisible()
  },
}

export const List: Story = {
  name: "Lista de programados",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3)
    // Shown as São Paulo's clock reads it.
    await expect(canvas.getByText("22/11/2026 às 18:00")).toBeVisible()
    await expect(canvas.getByText("Ensaio novo na praia 🌊")).toBeVisible()
    await expect(canvas.getByText("Story em vídeo")).toBeVisible()
  },
}

export const PublishNow: Story = {
  name: "Publicar agora",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      canvas.getByRole("button", { name: "Publicar agora: Foto de 24/11/2026 às 12:00" }),
    )
    const dialog = await page().findByRole("alertdialog", { name: "Publicar agora?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Publicar agora" }))
    await waitFor(() => expect(args.onPublishNow).toHaveBeenCalledWith(photo))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent("Publicado")
  },
}

export const Cancel: Story = {
  name: "Cancelar um programado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      canvas.getByRole("button", { name: "Cancelar: Foto de 24/11/2026 às 12:00" }),
    )
    const dialog = await page().findByRole("alertdialog", { name: "Cancelar este post?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar post" }))
    await waitFor(() => expect(args.onCancel).toHaveBeenCalledWith(photo))
  },
}

export const RescheduleRefused: Story = {
  name: "Mudar horário para o passado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      canvas.getByRole("button", { name: "Mudar horário: Foto de 24/11/2026 às 12:00" }),
    )
    const dialog = await page().findByRole("dialog", { name: "Mudar horário" })
    // The dialog opens on the post's own time.
    await expect(within(dialog).getByLabelText("Horário")).toHaveValue("12:00")
    const date = within(dialog).getByLabelText("Data")
    await userEvent.clear(date)
    await userEvent.type(date, "2020-01-10")
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvar horário" }))
    await expect(within(dialog).getByText(scheduleInPastMessage)).toBeVisible()
    await expect(args.onReschedule).not.toHaveBeenCalled()
  },
}

export const Reschedule: Story = {
  name: "Mudar horário",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      canvas.getByRole("button", { name: "Mudar horário: Foto de 24/11/2026 às 12:00" }),
    )
    const dialog = await page().findByRole("dialog", { name: "Mudar horário" })
    // Two days from the real today: the form checks the time against the device's clock.
    const { date: day } = saoPauloWallClock(new Date(Date.now() + 2 * 86_400_000))
    const date = within(dialog).getByLabelText("Data")
    await userEvent.clear(date)
    await userEvent.type(date, day)
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvar horário" }))
    await waitFor(() =>
      expect(args.onReschedule).toHaveBeenCalledWith(
        photo,
        expect.stringMatching(new RegExp(`^${day}T15:00:00.000Z$`)),
      ),
    )
    await waitFor(() => expect(page().queryByRole("dialog")).toBeNull())
    // Dismissed: its date is the real today's, and the screenshot must not change by the day.
    await userEvent.click(await pageOf(canvasElement).findByRole("alert"))
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alert")).toBeNull())
  },
}
