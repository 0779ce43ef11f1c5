import { useState } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { Button } from "./button.tsx"
import { LazyConfirmDialog, preloadConfirmDialog } from "./lazy-confirm-dialog.tsx"

type Args = { onConfirm: () => void; onCancel: () => void }

function RemoveFromVip({ onConfirm, onCancel }: Args) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="danger"
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        onClick={() => setOpen(true)}
      >
        Remover
      </Button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Tirar da lista VIP?"
        description="ana@exemplo.com perde o acesso agora e pode assinar depois, se quiser."
        confirmLabel="Tirar da lista"
        confirmVariant="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  )
}

const meta = {
  title: "Componentes/UI/Confirmação sob demanda",
  component: RemoveFromVip,
  args: { onConfirm: fn(), onCancel: fn() },
  parameters: { layout: "centered" },
} satisfies Meta<typeof RemoveFromVip>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  name: "Fechada",
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await expect(body.getByRole("button", { name: "Remover" })).toBeVisible()
    await expect(body.queryByRole("alertdialog")).toBeNull()
  },
}

export const Opened: Story = {
  name: "Aberta",
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Remover" }))
    const dialog = await body.findByRole("alertdialog", { name: "Tirar da lista VIP?" })
    await expect(dialog).toHaveAccessibleDescription(/perde o acesso agora/)
    await userEvent.click(within(dialog).getByRole("button", { name: "Tirar da lista" }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const ClosedAgain: Story = {
  name: "Fechada de novo",
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Remover" }))
    const dialog = await body.findByRole("alertdialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Voltar" }))
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull())
    // Opening it again needs no second download: it is there as soon as the click is.
    await userEvent.click(body.getByRole("button", { name: "Remover" }))
    const again = body.getByRole("alertdialog", { name: "Tirar da lista VIP?" })
    await waitFor(() => expect(again).toBeVisible())
  },
}
