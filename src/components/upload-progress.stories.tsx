import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { storyFileTypeMessage } from "../domain/studio.ts"
import { UploadProgress } from "./upload-progress.tsx"

const MB = 1024 * 1024

const meta = {
  title: "Componentes/UploadProgress (envio de arquivo)",
  component: UploadProgress,
  args: { state: { status: "idle" }, fileName: "bastidores.mp4", onCancel: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UploadProgress>

export default meta
type Story = StoryObj<typeof meta>

/** Touch targets of at least 44 px. */
const isTouchSized = (element: HTMLElement) => element.getBoundingClientRect().height >= 44

/** Nothing to show before a file is sent. */
export const Idle: Story = {
  name: "Parado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const root = canvasElement.querySelector('[data-slot="upload-progress"]')
    await expect(root).toHaveAttribute("data-state", "idle")
    await expect(root).not.toBeVisible()
    await expect(canvas.queryByRole("progressbar")).toBeNull()
    await expect(canvas.queryByRole("button")).toBeNull()
  },
}

export const Progress: Story = {
  name: "Enviando",
  args: { state: { status: "progress", loaded: 20.2 * MB, total: 48 * MB } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const bar = canvas.getByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(bar).toHaveAttribute("aria-valuemin", "0")
    await expect(bar).toHaveAttribute("aria-valuemax", "100")
    await expect(canvas.getByText("20,2 MB de 48,0 MB")).toBeVisible()
    await expect(canvas.getByText("bastidores.mp4")).toBeVisible()
    const cancel = canvas.getByRole("button", { name: "Cancelar" })
    await expect(isTouchSized(cancel)).toBe(true)
    await userEvent.click(cancel)
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
  },
}

/** Every byte has gone; the server is still storing it. */
export const AllSent: Story = {
  name: "Enviando 100%",
  args: { state: { status: "progress", loaded: 48 * MB, total: 48 * MB } },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Enviando 100%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "100")
  },
}

export const Done: Story = {
  name: "Envio concluído",
  args: { state: { status: "done" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Envio concluído")
    await expect(canvas.queryByRole("progressbar")).toBeNull()
  },
}

export const Cancelled: Story = {
  name: "Envio cancelado",
  args: { state: { status: "cancelled" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Envio cancelado")
    await expect(canvas.queryByRole("button", { name: "Cancelar" })).toBeNull()
  },
}

/** The form stays as it was; the same file can go again. */
export const Failed: Story = {
  name: "Falha no envio",
  args: {
    state: {
      status: "failed",
      message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    )
    const retry = canvas.getByRole("button", { name: "Tentar novamente" })
    await expect(isTouchSized(retry)).toBe(true)
    await userEvent.click(retry)
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const TooLarge: Story = {
  name: "Vídeo grande demais",
  args: { state: { status: "tooLarge", kind: "video" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("O vídeo pode ter até 100 MB.")
    // Sending the same file again cannot help.
    await expect(canvas.queryByRole("button")).toBeNull()
  },
}

export const TooLargeImage: Story = {
  name: "Imagem grande demais",
  args: { state: { status: "tooLarge", kind: "image" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      "A imagem pode ter até 10 MB.",
    )
  },
}

export const WrongType: Story = {
  name: "Tipo de arquivo não aceito",
  args: { state: { status: "wrongType", message: storyFileTypeMessage } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Envie um vídeo (MP4 ou WebM) ou uma imagem (JPEG, PNG ou WebP).",
    )
    await expect(canvas.queryByRole("button")).toBeNull()
  },
}
