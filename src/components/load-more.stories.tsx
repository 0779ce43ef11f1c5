import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { UNEXPECTED_ERROR } from "../domain/messages.ts"
import { LoadMore } from "./load-more.tsx"

const meta = {
  title: "Componentes/LoadMore (Carregar mais)",
  component: LoadMore,
  args: {
    state: { status: "more" },
    onLoadMore: fn(),
    label: "Carregar mais fotos",
    endMessage: "Você viu todas as fotos.",
  },
} satisfies Meta<typeof LoadMore>

export default meta
type Story = StoryObj<typeof meta>

/** More to load: it loads as it comes into view, and the button does it for the keyboard. */
export const More: Story = {
  name: "Carregar mais fotos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // In view at once: the next page is asked for without a click.
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled())
    const button = canvas.getByRole("button", { name: "Carregar mais fotos" })
    button.focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onLoadMore).toHaveBeenCalledTimes(2)
  },
}

export const LoadingMore: Story = {
  name: "Carregando mais",
  args: { state: { status: "loading" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Carregando mais…")
    const button = canvas.getByRole("button", { name: "Carregar mais fotos" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await userEvent.click(button)
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const EndOfList: Story = {
  name: "Fim da lista",
  args: { state: { status: "end" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Você viu todas as fotos.")
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument()
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const LoadMoreError: Story = {
  name: "Erro ao carregar mais",
  args: { state: { status: "error", message: UNEXPECTED_ERROR } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(UNEXPECTED_ERROR)
    // A failed page is not asked for again on its own: the person retries.
    await expect(args.onLoadMore).not.toHaveBeenCalled()
    await userEvent.click(
      canvas.getByRole("button", { name: "Tentar de novo: Carregar mais fotos" }),
    )
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1)
  },
}
