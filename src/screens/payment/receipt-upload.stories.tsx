import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { anyUploadControl, stalledUpload } from "../../testing/fixtures/uploads.ts"
import { ReceiptUpload, RECEIPT_SENT } from "./receipt-upload.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Enviar comprovante",
  tags: ["seguidora", "jornada-pix-chave"],
  component: ReceiptUpload,
  args: { onUploadReceipt: fn(async () => {}) },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof ReceiptUpload>

export default meta
type Story = StoryObj<typeof meta>

const receipt = () => new File(["png"], "comprovante.png", { type: "image/png" })

export const Sent: Story = {
  name: "Comprovante enviado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const input = canvas.getByLabelText("Comprovante do PIX")
    await userEvent.upload(input, receipt())
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(args.onUploadReceipt).toHaveBeenCalledWith(
      expect.objectContaining({ name: "comprovante.png" }),
      null,
      anyUploadControl(),
    )
    await expect(await body.findByRole("alert")).toHaveTextContent(RECEIPT_SENT)
    // The form is ready for another file.
    await waitFor(() => expect((input as HTMLInputElement).files).toHaveLength(0))
  },
}

const endToEndId = "E18236120202611251500s0123456789"

/** The transaction's id typed beside the image goes with it, so a reused receipt is caught. */
export const WithTransactionId: Story = {
  name: "Com código da transação",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Comprovante do PIX"), receipt())
    const id = canvas.getByLabelText("Código da transação (opcional)")
    await expect(id).toHaveAccessibleDescription(
      "O ID da transação que começa com E, no comprovante do seu banco.",
    )
    await userEvent.type(id, ` ${endToEndId} `)
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(args.onUploadReceipt).toHaveBeenCalledWith(
      expect.objectContaining({ name: "comprovante.png" }),
      endToEndId,
      anyUploadControl(),
    )
    await waitFor(() => expect(id).toHaveValue(""))
  },
}

export const InvalidTransactionId: Story = {
  name: "Código da transação inválido",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Comprovante do PIX"), receipt())
    const id = canvas.getByLabelText("Código da transação (opcional)")
    await userEvent.type(id, "E123")
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(await canvas.findByText("Código da transação Pix inválido")).toBeVisible()
    await expect(id).toHaveAttribute("aria-invalid", "true")
    await expect(args.onUploadReceipt).not.toHaveBeenCalled()
  },
}

export const ServerError: Story = {
  name: "Arquivo muito grande",
  args: {
    onUploadReceipt: fn(async () => {
      throw { message: "Arquivo muito grande", code: "FILE_TOO_LARGE" }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.upload(canvas.getByLabelText("Comprovante do PIX"), receipt())
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(args.onUploadReceipt).toHaveBeenCalledTimes(1)
    await expect(await body.findByRole("alert")).toHaveTextContent("Arquivo muito grande")
    await expect(canvas.getByRole("button", { name: "Enviar comprovante" })).toBeEnabled()
    // The form keeps the picture, and the same one can go again.
    await expect(canvas.getByText("comprovante.png")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await waitFor(() => expect(args.onUploadReceipt).toHaveBeenCalledTimes(2))
    await expect(args.onUploadReceipt).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: "comprovante.png" }),
      null,
      anyUploadControl(),
    )
  },
}

export const Sending: Story = {
  name: "Enviando",
  args: { onUploadReceipt: fn(stalledUpload(42, 1024 * 1024)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Comprovante do PIX"), receipt())
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    const bar = await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(canvas.getByText("430 KB de 1,0 MB")).toBeVisible()
    await expect(canvas.getByLabelText("Comprovante do PIX")).toBeDisabled()
  },
}

/** Cancelling stops the upload and leaves the form ready to send the same picture. */
export const SendingCancelled: Story = {
  name: "Envio cancelado",
  args: { onUploadReceipt: fn(stalledUpload(42, 1024 * 1024)) },
  play: async (context) => {
    const canvas = within(context.canvasElement)
    await Sending.play!(context)
    await userEvent.click(canvas.getByRole("button", { name: "Cancelar" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Envio cancelado")
    await expect(canvas.queryByRole("progressbar")).toBeNull()
    await expect(canvas.getByText("comprovante.png")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Enviar comprovante" })).toBeEnabled()
    await expect(
      within(context.canvasElement.ownerDocument.body).queryByText(RECEIPT_SENT),
    ).toBeNull()
  },
}
