import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW, minutesFrom } from "../../testing/fixtures/clock.ts"
import { demoPixCode, makePayment } from "../../testing/fixtures/subscription.ts"
import { expectStaysAbsent } from "../../testing/story-helpers.tsx"
import { PixPaymentScreen } from "./pix-payment-screen.tsx"

/** A payment created at FIXED_NOW - `minutesAgo`, with the usual 30-minute code. */
const ready = (minutesAgo: number) => ({
  status: "ready" as const,
  payment: makePayment({ createdAt: minutesFrom(FIXED_NOW, -minutesAgo) }),
})

const meta = {
  title: "Telas/Comprar com Pix/Pix copia e cola",
  tags: ["seguidora", "jornada-pix", "jornada-pix-automatico"],
  component: PixPaymentScreen,
  args: {
    view: ready(0),
    now: FIXED_NOW,
    onExpired: fn(),
    copyToClipboard: fn(async () => {}),
  },
  // Chromatic: the countdown and the QR Code (drawn after a tick) settle before the snapshot.
  parameters: { chromatic: { delay: 300 } },
} satisfies Meta<typeof PixPaymentScreen>

export default meta
type Story = StoryObj<typeof meta>

const parts = (canvasElement: HTMLElement) => ({
  canvas: within(canvasElement),
  body: within(canvasElement.ownerDocument.body),
})

export const Fresh: Story = {
  name: "Pix gerado",
  loaders: [() => import("./sandbox-controls.tsx")],
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Falta pouco!" })).toBeVisible()
    await expect(canvas.queryByRole("region", { name: "Pix Automático" })).not.toBeInTheDocument()
    await expect(canvas.getByText("R$ 31,89")).toBeVisible()
    await expect(canvas.getByRole("timer")).toHaveTextContent("30:00")
    await expect(canvas.getByLabelText("Código Pix copia e cola")).toHaveValue(demoPixCode)
    await expect(await canvas.findByRole("img", { name: "QR Code Pix" })).toBeVisible()
    await expect(canvas.getByText(/se atualiza sozinha/)).toBeVisible()
    await expectStaysAbsent(() => canvas.queryByRole("heading", { name: "Ambiente de teste" }))
    await expect(args.onExpired).not.toHaveBeenCalled()
  },
}

export const FiveMinutesLeft: Story = {
  name: "Faltam 5 minutos",
  args: { now: minutesFrom(FIXED_NOW, 25) },
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await expect(canvas.getByRole("timer")).toHaveTextContent("05:00")
    await expect(canvas.getByText("Restam 5 minutos")).toBeInTheDocument()
    await expect(canvas.getByRole("button", { name: "Copiar código!" })).toBeEnabled()
    await expect(args.onExpired).not.toHaveBeenCalled()
  },
}

export const LastMinute: Story = {
  name: "Último minuto",
  args: { now: minutesFrom(FIXED_NOW, 29 + 1 / 60) },
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await expect(canvas.getByRole("timer")).toHaveTextContent("00:59")
    await expect(canvas.getByText("Resta 1 minuto")).toBeInTheDocument()
    await expect(args.onExpired).not.toHaveBeenCalled()
  },
}

export const NearlyExpired: Story = {
  name: "Quase expirando",
  args: { now: minutesFrom(FIXED_NOW, 29.25) },
  play: async ({ canvasElement, args }) => {
    const { canvas, body } = parts(canvasElement)
    await expect(canvas.getByRole("timer")).toHaveTextContent("00:45")
    await expect(canvas.getByText("Resta 1 minuto")).toBeInTheDocument()
    await expect(body.queryByRole("alert")).not.toBeInTheDocument()
    await expect(args.onExpired).not.toHaveBeenCalled()
  },
}

export const Expired: Story = {
  name: "Pix expirado",
  args: { view: ready(31) },
  play: async ({ canvasElement, args }) => {
    const { canvas, body } = parts(canvasElement)
    await expect(canvas.getByRole("timer")).toHaveTextContent("00:00")
    await expect(await body.findByRole("alert")).toHaveTextContent(
      "O código Pix copia e cola expirou. Refaça o processo para gerar um novo código de pagamento.",
    )
    await expect(args.onExpired).toHaveBeenCalledTimes(1)
  },
}

export const CopyOk: Story = {
  name: "Código copiado",
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Copiar código!" }))
    await expect(args.copyToClipboard).toHaveBeenCalledWith(demoPixCode)
    await expect(await canvas.findByText("Copiado com sucesso")).toBeVisible()
  },
}

export const CopyFailed: Story = {
  name: "Erro ao copiar o código",
  args: { copyToClipboard: fn(async () => Promise.reject(new Error("NotAllowedError"))) },
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    canvas.getByRole("button", { name: "Copiar código!" }).focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.copyToClipboard).toHaveBeenCalledTimes(1)
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Houve um erro ao copiar seu código",
    )
  },
}

export const InstructionsOpen: Story = {
  name: "Instruções abertas",
  args: { showInstructions: true },
  play: async ({ canvasElement, step }) => {
    const { canvas, body } = parts(canvasElement)
    await step("open on the first visit", async () => {
      const dialog = await body.findByRole("dialog", { name: "Como pagar com Pix" })
      await expect(within(dialog).getAllByRole("listitem")).toHaveLength(3)
      await userEvent.click(within(dialog).getByRole("button", { name: "Entendi" }))
      await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument())
    })
    await step("open again from Como pagar?", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Como pagar?" }))
      await body.findByRole("dialog", { name: "Como pagar com Pix" })
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument())
      await expect(canvas.getByRole("button", { name: "Como pagar?" })).toHaveFocus()
    })
  },
}

export const Sandbox: Story = {
  name: "Ambiente de teste",
  args: { sandbox: { onPay: fn(async () => {}), onRefuse: fn(async () => {}) } },
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await expect(await canvas.findByRole("heading", { name: "Ambiente de teste" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Simular pagamento" }))
    await expect(args.sandbox?.onPay).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByRole("button", { name: "Simular recusa" }))
    await expect(args.sandbox?.onRefuse).toHaveBeenCalledTimes(1)
  },
}

export const AutomaticPixFirstPayment: Story = {
  name: "Primeiro pagamento do Pix Automático",
  args: { automaticPix: { amountCents: 3189, frequency: "MENSAL" } },
  play: async ({ canvasElement }) => {
    const { canvas } = parts(canvasElement)
    const note = canvas.getByRole("region", { name: "Pix Automático" })
    await expect(note).toHaveTextContent(
      "Este QR Code paga o primeiro período e autoriza o débito de R$ 31,89 todo mês (MENSAL).",
    )
    await expect(note).toHaveTextContent(
      "Confirme o pagamento e a autorização no app do seu banco. Ele avisa antes de cada débito, e você pode cancelar até o dia anterior.",
    )
    // One code does both: the usual QR, copy-and-paste and countdown stay.
    await expect(canvas.getByRole("timer")).toHaveTextContent("30:00")
    await expect(canvas.getByRole("button", { name: "Copiar código!" })).toBeVisible()
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement, args }) => {
    const { canvas } = parts(canvasElement)
    await expect(canvas.getByRole("main")).toHaveAttribute("aria-busy", "true")
    await expect(canvas.queryByRole("button", { name: "Copiar código!" })).not.toBeInTheDocument()
    await expect(args.onExpired).not.toHaveBeenCalled()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { canvas } = parts(canvasElement)
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBeLessThanOrEqual(448)
    await expect(canvas.getByRole("button", { name: "Copiar código!" })).toBeVisible()
  },
}
