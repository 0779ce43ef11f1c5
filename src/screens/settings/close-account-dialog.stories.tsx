import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { pageOf } from "../../testing/story-helpers.tsx"
import { CloseAccountDialog } from "./close-account-dialog.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Encerrar conta",
  tags: ["seguidora"],
  component: CloseAccountDialog,
  args: { open: true, onOpenChange: fn(), onCloseAccount: fn(async () => undefined) },
} satisfies Meta<typeof CloseAccountDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  name: "Aberta",
  play: async ({ canvasElement, args }) => {
    const dialog = await pageOf(canvasElement).findByRole("dialog", { name: "Encerrar conta" })
    await expect(dialog).toHaveTextContent("Ao encerrar a sua conta:")
    await userEvent.type(within(dialog).getByLabelText("Senha"), "minha-senha")
    await userEvent.click(within(dialog).getByRole("button", { name: "Encerrar minha conta" }))
    await expect(args.onCloseAccount).toHaveBeenCalledWith("minha-senha")
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const Closed: Story = {
  name: "Fechada",
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(pageOf(canvasElement).queryByRole("dialog")).toBeNull()
  },
}
