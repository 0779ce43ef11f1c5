import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { daysFrom, FIXED_NOW, minutesFrom } from "../../testing/fixtures/clock.ts"
import { makeReceipt } from "../../testing/fixtures/studio.ts"
import { ReceiptReviewPanel } from "./receipt-review-panel.tsx"
import { pageOf, studioColumn } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Comprovantes",
  tags: ["criadora", "jornada-pix-chave", "jornada-estudio"],
  component: ReceiptReviewPanel,
  args: {
    view: { status: "ready", receipts: [makeReceipt()] },
    now: FIXED_NOW,
    onRetry: fn(),
    onApprove: fn(async () => {}),
    onReject: fn(async () => {}),
  },
  decorators: [studioColumn],
} satisfies Meta<typeof ReceiptReviewPanel>

export default meta
type Story = StoryObj<typeof meta>

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

export const NoneWaiting: Story = {
  name: "Nenhum comprovante esperando",
  args: { view: { status: "ready", receipts: [] } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Nenhum comprovante esperando a sua análise."),
    ).toBeVisible()
  },
}

/** The receipt image beside the amount, when it was sent and when the Pix was generated. */
export const Waiting: Story = {
  name: "Comprovante esperando análise",
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Comprovante de Davi Pendente" })
    await expect(
      within(card).getByRole("img", { name: "Comprovante enviado por Davi Pendente" }),
    ).toBeVisible()
    await expect(card).toHaveTextContent("R$ 31,89")
    await expect(card).toHaveTextContent("Comprovante enviado em 22/11/2026 (há 20 minutos)")
    await expect(card).toHaveTextContent("Plano mensal · Pix gerado em 22/11/2026")
    await expect(card).toHaveTextContent("Confira no extrato do seu banco antes de aprovar.")
    await expect(card).not.toHaveTextContent("ID da transação")
  },
}

/** The follower typed the transaction's id: the creator finds it in her statement by it. */
export const WithTransactionId: Story = {
  name: "Com ID da transação",
  args: {
    view: {
      status: "ready",
      receipts: [makeReceipt({ receiptEndToEndId: "E18236120202611221500s0123456789" })],
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Comprovante de Davi Pendente" })
    await expect(card).toHaveTextContent("ID da transação: E18236120202611221500s0123456789")
  },
}

/** A Pix that expired unpaid and was paid late: the receipt came days after the code. */
export const SentAfterThePixExpired: Story = {
  name: "Enviado depois do Pix expirar",
  args: {
    view: {
      status: "ready",
      receipts: [
        makeReceipt({
          payment: { ...makeReceipt().payment, createdAt: daysFrom(FIXED_NOW, -3) },
          receiptUploadedAt: minutesFrom(FIXED_NOW, -5),
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("region", { name: "Comprovante de Davi Pendente" })
    await expect(card).toHaveTextContent("Comprovante enviado em 22/11/2026 (há 5 minutos)")
    await expect(card).toHaveTextContent("Plano mensal · Pix gerado em 19/11/2026")
  },
}

export const Approve: Story = {
  name: "Aprovar",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Aprovar" }))
    await waitFor(() => expect(args.onApprove).toHaveBeenCalledWith("pay-davi"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Pagamento aprovado: a assinatura foi liberada.",
    )
  },
}

export const Approving: Story = {
  name: "Aprovando",
  args: { onApprove: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Aprovar" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Aprovar" })).toHaveAttribute("aria-busy", "true"),
    )
    await expect(canvas.getByRole("button", { name: "Recusar" })).toBeDisabled()
  },
}

export const Reject: Story = {
  name: "Recusar",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Recusar" }))
    await waitFor(() => expect(args.onReject).toHaveBeenCalledWith("pay-davi"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Comprovante recusado.",
    )
  },
}

export const AlreadyReviewed: Story = {
  name: "Comprovante já analisado",
  args: {
    onApprove: fn(async () => {
      throw { message: "Este comprovante já foi analisado.", code: "receipt_already_reviewed" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Aprovar" }))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Este comprovante já foi analisado.",
    )
  },
}
