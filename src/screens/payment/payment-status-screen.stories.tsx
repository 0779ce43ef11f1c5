import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { useEffect, useState } from "react"
import { billingStates, demoBoletoUrl, demoPixKey } from "../../testing/fixtures/billing-status.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { createTestClock } from "../../testing/fixtures/clock.ts"
import { demoPixCode } from "../../testing/fixtures/subscription.ts"
import { anyUploadControl, stalledUpload } from "../../testing/fixtures/uploads.ts"
import { expectStaysAbsent } from "../../testing/story-helpers.tsx"
import { PaymentStatusScreen, type PaymentStatusScreenProps } from "./payment-status-screen.tsx"

const profile = makeProfile()
const clock = createTestClock()

const meta = {
  title: "Telas/Pagamento/Status do pagamento",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto", "jornada-pix-chave"],
  component: PaymentStatusScreen,
  args: {
    view: { status: "ready", subscription: billingStates.paid },
    profile,
    secondsToRefresh: 5,
    onRefresh: fn(),
    onUploadReceipt: fn(async () => {}),
    onOpenBoleto: fn(),
    copyToClipboard: fn(async () => {}),
    profileHref: "/demo",
    paymentHref: "/demo/payment",
    clock,
  },
  beforeEach: () => clock.reset(),
} satisfies Meta<typeof PaymentStatusScreen>

export default meta
type Story = StoryObj<typeof meta>

const ready = (subscription: (typeof billingStates)[keyof typeof billingStates] | null) => ({
  view: { status: "ready" as const, subscription },
})

function screen(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  return {
    canvas,
    body: within(canvasElement.ownerDocument.body),
    title: (name: string | RegExp) => canvas.getByRole("heading", { level: 2, name }),
    link: (name: string) => canvas.getByRole("link", { name }),
  }
}

const receipt = (type = "image/png", name = "comprovante.png") => new File(["x"], name, { type })

export const NoSubscription: Story = {
  name: "Nenhuma assinatura encontrada",
  args: ready(null),
  play: async ({ canvasElement }) => {
    const { canvas, title, link } = screen(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Status do pagamento" }),
    ).toBeVisible()
    const current = canvas.getAllByRole("listitem").find((li) => li.getAttribute("aria-current"))
    await expect(current).toHaveTextContent("Confirmação")
    await expect(title("Nenhuma assinatura encontrada")).toBeVisible()
    await expect(link("Escolher plano")).toHaveAttribute("href", "/demo/payment")
  },
}

export const Whitelist: Story = {
  name: "Lista VIP",
  args: ready(billingStates.whitelist),
  play: async ({ canvasElement }) => {
    const { title, link, canvas } = screen(canvasElement)
    await expect(title("Você está na lista Vip")).toBeVisible()
    await expect(canvas.getByText(/Close Friends de Ana Demo está liberado/)).toBeVisible()
    await expect(link("Ir para o perfil")).toHaveAttribute("href", "/demo")
  },
}

export const NoPayment: Story = {
  name: "Nenhum pagamento cadastrado",
  args: ready(billingStates.noPayment),
  play: async ({ canvasElement }) => {
    const { title, link } = screen(canvasElement)
    await expect(title("Não encontramos nenhum pagamento cadastrado")).toBeVisible()
    await expect(link("Fazer pagamento")).toHaveAttribute("href", "/demo/payment")
  },
}

export const PendingBoleto: Story = {
  name: "Boleto gerado",
  args: ready(billingStates.pendingBoleto),
  play: async ({ canvasElement, args }) => {
    const { title, link, canvas } = screen(canvasElement)
    await expect(title("Boleto gerado")).toBeVisible()
    await expect(canvas.getByText(/redirecionado automaticamente para o perfil/)).toBeVisible()
    const boleto = link("Ver boleto")
    await expect(boleto).toHaveAttribute("href", demoBoletoUrl)
    await expect(boleto).toHaveAttribute("target", "_blank")
    await expect(link("Trocar forma de pagamento")).toHaveAttribute("href", "/demo/payment")
    // Keep the test on this page: only the analytics callback matters here.
    boleto.addEventListener("click", (event) => event.preventDefault(), { once: true })
    await userEvent.click(boleto)
    await expect(args.onOpenBoleto).toHaveBeenCalledTimes(1)
  },
}

export const PendingCard: Story = {
  name: "Pagamento em análise",
  args: ready(billingStates.pendingCard),
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Pagamento em análise")).toBeVisible()
    await expect(
      canvas.getByText(/operadora do seu cartão de crédito está analisando/),
    ).toBeVisible()
    await expect(canvas.queryByRole("link", { name: /plano/ })).not.toBeInTheDocument()
  },
}

export const PendingLink: Story = {
  name: "Link de pagamento pendente",
  args: ready(billingStates.pendingLink),
  play: async ({ canvasElement }) => {
    const { title, link } = screen(canvasElement)
    await expect(title("Aguardando pagamento")).toBeVisible()
    await expect(link("Escolher outro plano")).toHaveAttribute("href", "/demo/payment")
  },
}

/** The sandbox: a Mercado Pago card or link ends here, and the demo settles it by hand. */
export const SandboxPendingLink: Story = {
  name: "Link de pagamento pendente (sandbox)",
  args: {
    ...ready(billingStates.pendingLink),
    sandbox: { onPay: fn(async () => {}), onRefuse: fn(async () => {}) },
  },
  play: async ({ canvasElement, args }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Aguardando pagamento")).toBeVisible()
    await expect(await canvas.findByRole("heading", { name: "Ambiente de teste" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Simular pagamento" }))
    await expect(args.sandbox!.onPay).toHaveBeenCalledTimes(1)
    await expect(args.sandbox!.onRefuse).not.toHaveBeenCalled()
  },
}

/** Nothing is left to settle once the payment is answered, even in the sandbox. */
export const SandboxPaid: Story = {
  name: "Pagamento aprovado (sandbox)",
  loaders: [() => import("../checkout/sandbox-controls.tsx")],
  args: {
    ...ready(billingStates.paid),
    sandbox: { onPay: fn(async () => {}), onRefuse: fn(async () => {}) },
  },
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Pagamento aprovado")).toBeVisible()
    await expectStaysAbsent(() => canvas.queryByRole("heading", { name: "Ambiente de teste" }))
  },
}

export const FailedPixWithReceipt: Story = {
  name: "Pix não autorizado, com comprovante",
  args: ready(billingStates.failedPixWithReceipt),
  play: async ({ canvasElement }) => {
    const { title, link, canvas } = screen(canvasElement)
    await expect(title("Pagamento não autorizado")).toBeVisible()
    await expect(link("Escolher outro plano")).toBeVisible()
    await expect(canvas.queryByLabelText("Comprovante do PIX")).not.toBeInTheDocument()
  },
}

export const FailedPixWithoutReceipt: Story = {
  name: "Pix não autorizado, sem comprovante",
  args: ready(billingStates.failedPixWithoutReceipt),
  play: async ({ canvasElement, args }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Pagamento não autorizado")).toBeVisible()
    await expect(canvas.getByText(/tente enviar o comprovante novamente/)).toBeVisible()
    await userEvent.upload(canvas.getByLabelText("Comprovante do PIX"), receipt())
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(args.onUploadReceipt).toHaveBeenCalledWith(
      expect.objectContaining({ name: "comprovante.png" }),
      null,
      anyUploadControl(),
    )
  },
}

export const PendingPixBacen: Story = {
  name: "Aguardando pagamento do Pix",
  args: {
    ...ready(billingStates.pendingPixBacen),
    profile: makeProfile({ paymentGateway: "bacen", pix: demoPixKey }),
  },
  play: async ({ canvasElement, args, step }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Aguardando pagamento do PIX")).toBeVisible()
    await expect(canvas.getByText(/Pague R\$\s31,89 pelo PIX/)).toBeVisible()
    await step("the creator's key, with its type", async () => {
      await expect(canvas.getAllByRole("tab").map((t) => t.textContent)).toEqual([
        "Chave",
        "QRCode URL",
        "QRCode",
      ])
      await expect(canvas.getByText("aleatória")).toBeVisible()
      await userEvent.click(canvas.getByRole("button", { name: "Copiar chave" }))
      await expect(args.copyToClipboard).toHaveBeenCalledWith(demoPixKey.key)
    })
    await step("the copy-and-paste code", async () => {
      await userEvent.click(canvas.getByRole("tab", { name: "QRCode URL" }))
      await userEvent.click(canvas.getByRole("button", { name: "Copiar código" }))
      await expect(args.copyToClipboard).toHaveBeenLastCalledWith(demoPixCode)
    })
    await expect(canvas.getByRole("button", { name: "Enviar comprovante" })).toBeVisible()
  },
}

export const PendingPixMercadoPago: Story = {
  name: "Aguardando Pix (Mercado Pago)",
  args: {
    ...ready(billingStates.pendingPixMercadoPago),
    profile: makeProfile({ paymentGateway: "mercadoPago" }),
  },
  play: async ({ canvasElement, args }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Aguardando pagamento do PIX")).toBeVisible()
    await expect(canvas.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "QRCode URL",
      "QRCode",
    ])
    await expect(canvas.getByText("Código válido por 30 minutos")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Copiar código" }))
    await expect(args.copyToClipboard).toHaveBeenCalledWith(demoPixCode)
    await userEvent.click(canvas.getByRole("tab", { name: "QRCode" }))
    await expect(await canvas.findByRole("img", { name: "QR Code Pix" })).toBeVisible()
    await expect(canvas.queryByLabelText("Comprovante do PIX")).not.toBeInTheDocument()
  },
}

export const PendingPixWithReceipt: Story = {
  name: "Pix em análise com comprovante",
  args: ready(billingStates.pendingPixWithReceipt),
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("PIX em análise")).toBeVisible()
    await expect(canvas.getByText(/pode levar algumas horas/)).toBeVisible()
    await expect(canvas.getByText(/receberá um e-mail/)).toBeVisible()
    await expect(canvas.queryByRole("tab")).not.toBeInTheDocument()
  },
}

export const AnalyzingPix: Story = {
  name: "Pix em análise",
  args: ready(billingStates.analyzingPix),
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("PIX em análise")).toBeVisible()
    await expect(canvas.getByText(/receberá um e-mail assim que o status/)).toBeVisible()
  },
}

export const Paid: Story = {
  name: "Pagamento aprovado",
  play: async ({ canvasElement }) => {
    const { title, link } = screen(canvasElement)
    await expect(title("Pagamento aprovado")).toBeVisible()
    await expect(link("Ir para o perfil")).toHaveAttribute("href", "/demo")
  },
}

export const Canceled: Story = {
  name: "Pagamento rejeitado",
  args: ready(billingStates.canceled),
  play: async ({ canvasElement }) => {
    const { title, canvas, link } = screen(canvasElement)
    await expect(title("Pagamento rejeitado")).toBeVisible()
    await expect(canvas.getByText(/foi rejeitado/)).toBeVisible()
    await expect(link("Escolher plano")).toBeVisible()
  },
}

export const Refunded: Story = {
  name: "Pagamento estornado",
  args: ready(billingStates.refunded),
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Pagamento estornado")).toBeVisible()
    await expect(canvas.getByText(/foi estornado/)).toBeVisible()
  },
}

export const Overdue: Story = {
  name: "Pagamento vencido",
  args: ready(billingStates.overdue),
  play: async ({ canvasElement }) => {
    const { title, link } = screen(canvasElement)
    await expect(title("Pagamento vencido")).toBeVisible()
    await expect(link("Escolher plano")).toHaveAttribute("href", "/demo/payment")
  },
}

export const Chargedback: Story = {
  name: "Pagamento contestado",
  args: ready(billingStates.chargedback),
  play: async ({ canvasElement }) => {
    const { title, canvas } = screen(canvasElement)
    await expect(title("Pagamento contestado")).toBeVisible()
    await expect(canvas.getByText(/será reembolsado/)).toBeVisible()
  },
}

/**
 * The container's countdown (spec §4: every 5 seconds), driven here by the test clock: one
 * second per step, a refresh at zero, then 5 again.
 */
function TickingStatusScreen(props: PaymentStatusScreenProps) {
  const [seconds, setSeconds] = useState(5)
  const { onRefresh } = props
  useEffect(() => {
    const timer = clock.setTimeout(() => {
      if (seconds > 1) return setSeconds(seconds - 1)
      onRefresh()
      setSeconds(5)
    }, 1_000)
    return () => clock.clearTimeout(timer)
  }, [seconds, onRefresh])
  return <PaymentStatusScreen {...props} secondsToRefresh={seconds} />
}

export const RefreshCountdown: Story = {
  name: "Atualização automática",
  args: ready(billingStates.pendingCard),
  render: (args) => <TickingStatusScreen {...args} />,
  play: async ({ canvasElement, args, step }) => {
    const { canvas } = screen(canvasElement)
    const timer = canvas.getByRole("timer")
    await step("the count goes down one a second", async () => {
      await expect(timer).toHaveTextContent("Atualizando em 5")
      await clock.advance(999)
      await expect(timer).toHaveTextContent("Atualizando em 5")
      await clock.advance(1)
      await expect(timer).toHaveTextContent("Atualizando em 4")
      await clock.advance(2_000)
      await expect(timer).toHaveTextContent("Atualizando em 2")
    })
    await step("at zero the status is reloaded and the count starts again", async () => {
      await clock.advance(1_999)
      await expect(timer).toHaveTextContent("Atualizando em 1")
      await expect(args.onRefresh).not.toHaveBeenCalled()
      await clock.advance(1)
      await expect(args.onRefresh).toHaveBeenCalledTimes(1)
      await expect(timer).toHaveTextContent("Atualizando em 5")
    })
    await step("the button reloads at once", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Atualizar" }))
      await expect(args.onRefresh).toHaveBeenCalledTimes(2)
    })
    await clock.advance(2_000)
    await expect(timer).toHaveTextContent("Atualizando em 3")
  },
}

export const ReceiptNoFile: Story = {
  name: "Comprovante sem arquivo",
  args: ready(billingStates.failedPixWithoutReceipt),
  play: async ({ canvasElement, args }) => {
    const { canvas, body } = screen(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(await body.findByRole("alert")).toHaveTextContent("Nenhum arquivo foi selecionado")
    await expect(args.onUploadReceipt).not.toHaveBeenCalled()
  },
}

export const ReceiptNotImage: Story = {
  name: "Comprovante não é imagem",
  args: ready(billingStates.failedPixWithoutReceipt),
  play: async ({ canvasElement, args }) => {
    const { canvas, body } = screen(canvasElement)
    const input = canvas.getByLabelText("Comprovante do PIX")
    // A picker may hand over any file despite `accept`; the screen checks the type itself.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, receipt("application/pdf", "comprovante.pdf"))
    await expect(await body.findByRole("alert")).toHaveTextContent(
      "Apenas imagens são permitidas. Tire um print do seu comprovante e tente novamente.",
    )
    await expect((input as HTMLInputElement).files).toHaveLength(0)
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    await expect(args.onUploadReceipt).not.toHaveBeenCalled()
  },
}

/** Some in-app browsers close the picker without a file: 500 ms after focus comes back, a hint. */
export const ReceiptPickerWarning: Story = {
  name: "Aviso ao escolher o arquivo",
  args: ready(billingStates.failedPixWithoutReceipt),
  play: async ({ canvasElement, args }) => {
    const { canvas, body } = screen(canvasElement)
    const input = canvas.getByLabelText("Comprovante do PIX")
    // Opening the picker, then the page getting focus back with no file chosen.
    input.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))
    window.dispatchEvent(new FocusEvent("focus"))
    await clock.advance(499)
    await expect(body.queryByRole("alert")).not.toBeInTheDocument()
    await clock.advance(1)
    await expect(body.getByRole("alert")).toHaveTextContent(
      "Não conseguimos identificar o arquivo. Abra o link pelo browser chrome e tente novamente.",
    )
    await expect(args.onUploadReceipt).not.toHaveBeenCalled()
  },
}

export const ReceiptPickerInTime: Story = {
  name: "Arquivo escolhido a tempo",
  args: ready(billingStates.failedPixWithoutReceipt),
  play: async ({ canvasElement }) => {
    const { canvas, body } = screen(canvasElement)
    const input = canvas.getByLabelText("Comprovante do PIX")
    input.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))
    window.dispatchEvent(new FocusEvent("focus"))
    await clock.advance(499)
    // The picker hands the file over just before the warning was due: no warning, then or later.
    const picked = new DataTransfer()
    picked.items.add(receipt())
    ;(input as HTMLInputElement).files = picked.files
    input.dispatchEvent(new Event("change", { bubbles: true }))
    await clock.advance(5_000)
    await expect(body.queryByRole("alert")).not.toBeInTheDocument()
    await expect(canvas.getByText("comprovante.png")).toBeVisible()
  },
}

export const ReceiptUploading: Story = {
  name: "Enviando comprovante",
  args: {
    ...ready(billingStates.pendingPixBacen),
    profile: makeProfile({ paymentGateway: "bacen", pix: demoPixKey }),
    onUploadReceipt: fn(stalledUpload(42, 1024 * 1024)),
  },
  play: async ({ canvasElement, args }) => {
    const { canvas } = screen(canvasElement)
    const input = canvas.getByLabelText("Comprovante do PIX")
    await userEvent.upload(input, receipt())
    await userEvent.click(canvas.getByRole("button", { name: "Enviar comprovante" }))
    const bar = await canvas.findByRole("progressbar", { name: "Enviando 42%" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(canvas.getByRole("button", { name: "Cancelar" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Enviar comprovante" })).toBeNull()
    await expect(input).toBeDisabled()
    await expect(args.onUploadReceipt).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    const { canvas } = screen(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Carregando pagamento" })).toBeInTheDocument()
    await expect(canvas.queryByRole("timer")).not.toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Erro ao carregar os dados de assinatura" } },
  play: async ({ canvasElement, args }) => {
    const { canvas } = screen(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Erro ao carregar os dados de assinatura",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await waitFor(() => expect(args.onRefresh).toHaveBeenCalledTimes(1))
  },
}

export const Desktop: Story = {
  name: "Computador",
  args: {
    ...ready(billingStates.pendingPixBacen),
    profile: makeProfile({ paymentGateway: "bacen", pix: demoPixKey }),
  },
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { canvas, title } = screen(canvasElement)
    await expect(title("Aguardando pagamento do PIX")).toBeVisible()
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBeLessThanOrEqual(512)
    await expect(Math.abs(main.left - (window.innerWidth - main.right))).toBeLessThan(2)
  },
}
