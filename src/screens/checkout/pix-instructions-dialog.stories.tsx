import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { PixInstructionsDialog } from "./pix-instructions-dialog.tsx"

const meta = {
  title: "Telas/Comprar com Pix/Como pagar com Pix",
  tags: ["seguidora", "jornada-pix"],
  component: PixInstructionsDialog,
  args: { open: true, onOpenChange: fn() },
} satisfies Meta<typeof PixInstructionsDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  name: "Como pagar com Pix",
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body)
    const dialog = await body.findByRole("dialog", { name: "Como pagar com Pix" })
    const steps = within(dialog).getAllByRole("listitem")
    await expect(steps).toHaveLength(3)
    await expect(steps[0]).toHaveTextContent("Abra o app do seu banco")
    await expect(steps[1]).toHaveTextContent("Pix copia e cola")
    await expect(steps[2]).toHaveTextContent("confirme o pagamento")
    await userEvent.click(within(dialog).getByRole("button", { name: "Entendi" }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}
