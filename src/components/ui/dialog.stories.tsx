import { useState } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { CANCEL_CONFIRM } from "../../domain/messages.ts"
import { Button } from "./button.tsx"
import { ConfirmDialog, Dialog, DialogClose, DialogContent, DialogTrigger } from "./dialog.tsx"

const meta = {
  title: "Componentes/UI/Dialog (janela)",
  tags: ["autodocs"],
  component: DialogContent,
  args: { title: "Como pagar com Pix" },
  parameters: { layout: "centered" },
} satisfies Meta<typeof DialogContent>

export default meta
type Story = StoryObj<typeof meta>

function PixInstructions() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">Como pagar?</Button>
      </DialogTrigger>
      <DialogContent
        title="Como pagar com Pix"
        description="Siga os passos abaixo no app do seu banco."
      >
        <ol className="list-decimal space-y-2 pl-5">
          <li>Copie o código Pix.</li>
          <li>Abra o app do seu banco e escolha Pix Copia e Cola.</li>
          <li>Cole o código e confirme o pagamento.</li>
        </ol>
        <DialogClose asChild>
          <Button block>Entendi</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  )
}

export const Sheet: Story = {
  name: "Janela de baixo",
  render: () => <PixInstructions />,
  play: async ({ canvasElement, step }) => {
    const body = within(canvasElement.ownerDocument.body)
    await step("opens from its trigger", async () => {
      await userEvent.click(body.getByRole("button", { name: "Como pagar?" }))
      const dialog = await body.findByRole("dialog", { name: "Como pagar com Pix" })
      await expect(dialog).toHaveAccessibleDescription("Siga os passos abaixo no app do seu banco.")
      await waitFor(() =>
        expect(within(dialog).getByText("Cole o código e confirme o pagamento.")).toBeVisible(),
      )
    })
    await step("closes with its own action", async () => {
      await userEvent.click(body.getByRole("button", { name: "Entendi" }))
      await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument())
    })
  },
}

export const ClosesWithButtonAndEscape: Story = {
  name: "Fecha com o botão e Esc",
  render: () => <PixInstructions />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Como pagar?" }))
    await userEvent.click(await body.findByRole("button", { name: "Fechar" }))
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument())
    await userEvent.click(body.getByRole("button", { name: "Como pagar?" }))
    await body.findByRole("dialog")
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument())
    // Focus goes back to what opened it.
    await expect(body.getByRole("button", { name: "Como pagar?" })).toHaveFocus()
  },
}

export const Desktop: Story = {
  name: "Computador",
  render: () => <PixInstructions />,
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Como pagar?" }))
    const dialog = await body.findByRole("dialog")
    await waitFor(() => expect(dialog).toBeVisible())
  },
}

type ConfirmArgs = { onConfirm: () => void; onCancel: () => void; loading?: boolean }

function CancelSubscription({ onConfirm, onCancel, loading }: ConfirmArgs) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Cancelar assinatura
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={CANCEL_CONFIRM}
        description="Sua assinatura será cancelada e você perde o acesso ao fim do período atual."
        confirmLabel="Sim, cancelar"
        cancelLabel="Voltar"
        confirmVariant="danger"
        loading={loading}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  )
}

export const Confirm: StoryObj<ConfirmArgs> = {
  name: "Confirmação",
  args: { onConfirm: fn(), onCancel: fn() },
  render: (args) => <CancelSubscription {...args} />,
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Cancelar assinatura" }))
    const dialog = await body.findByRole("alertdialog", {
      name: "Tem certeza que deseja cancelar sua assinatura?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Sim, cancelar" }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const ConfirmCancelled: StoryObj<ConfirmArgs> = {
  name: "Confirmação desistida",
  args: { onConfirm: fn(), onCancel: fn() },
  render: (args) => <CancelSubscription {...args} />,
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Cancelar assinatura" }))
    const dialog = await body.findByRole("alertdialog")
    await userEvent.click(within(dialog).getByRole("button", { name: "Voltar" }))
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await expect(args.onConfirm).not.toHaveBeenCalled()
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument())
  },
}

export const ConfirmLoading: StoryObj<ConfirmArgs> = {
  name: "Confirmação enviando",
  args: { onConfirm: fn(), onCancel: fn(), loading: true },
  render: (args) => <CancelSubscription {...args} />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(body.getByRole("button", { name: "Cancelar assinatura" }))
    const dialog = await body.findByRole("alertdialog")
    await expect(within(dialog).getByRole("button", { name: "Sim, cancelar" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
    await expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeDisabled()
    // A pending cancellation cannot be dismissed half-way.
    await userEvent.keyboard("{Escape}")
    await expect(body.getByRole("alertdialog")).toBeInTheDocument()
  },
}
