import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  boletoPayerOutput,
  boletoProfile,
  typeBoletoPayer,
  typedBoletoPayer,
} from "../../testing/fixtures/boleto.ts"
import { paymentScreenArgs } from "../../testing/fixtures/payment-screen.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { PaymentScreen } from "./payment-screen.tsx"

const monthly = demoPlans[0]!
const quarterly = demoPlans[1]!

const meta = {
  title: "Telas/Pagamento/Pagamento - boleto",
  tags: ["seguidora", "jornada-boleto"],
  component: PaymentScreen,
  args: { ...paymentScreenArgs(), profile: boletoProfile("iugu") },
} satisfies Meta<typeof PaymentScreen>

export default meta
type Story = StoryObj<typeof meta>

function ui(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  return {
    canvas,
    body: within(canvasElement.ownerDocument.body),
    generate: () => canvas.getByRole("button", { name: "Gerar boleto" }),
    field: (name: string) => canvas.getByRole("textbox", { name }),
    state: () => canvas.getByRole("combobox", { name: "Estado" }),
  }
}

async function chooseBoleto(canvasElement: HTMLElement) {
  const { canvas } = ui(canvasElement)
  await userEvent.click(canvas.getByRole("radio", { name: "Boleto" }))
}

export const BoletoChosenEmpty: Story = {
  name: "Boleto escolhido",
  play: async ({ canvasElement, args }) => {
    const { canvas, generate, field, state } = ui(canvasElement)
    // The card stays the first choice; boleto is one tap away.
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeChecked()
    await expect(canvas.getByRole("radio", { name: "Boleto" })).toHaveAccessibleDescription(
      "aprovado em 1 a 3 dias",
    )
    await chooseBoleto(canvasElement)
    await expect(args.onChooseBoleto).toHaveBeenCalledTimes(1)
    await expect(canvas.queryByRole("button", { name: "Assinar" })).not.toBeInTheDocument()
    await expect(canvas.getByRole("group", { name: "Dados do pagador" })).toBeVisible()
    await expect(canvas.getByText(/O boleto é aprovado em 1 a 3 dias depois de pago/)).toBeVisible()
    await expect(field("Nome completo")).toHaveValue("")
    await expect(field("Complemento (opcional)")).toHaveValue("")
    await expect(state()).toHaveValue("")
    await expect(canvas.getAllByRole("option")).toHaveLength(28)
    await expect(canvas.getByRole("region", { name: "Resumo da compra" })).toHaveTextContent(
      "R$ 31,89",
    )
    await expect(generate()).toBeEnabled()
    await expect(canvas.queryByText("Obrigatório")).not.toBeInTheDocument()
  },
}

export const BoletoNoPlanChosen: Story = {
  name: "Boleto sem plano escolhido",
  args: { initialPlanId: null },
  play: async ({ canvasElement, args }) => {
    const { canvas, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await expect(generate()).toBeDisabled()
    await expect(generate()).toHaveAccessibleDescription("Escolha um plano para continuar.")
    await userEvent.click(generate())
    await expect(args.onGenerateBoleto).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("radio", { name: /Trimestral/ }))
    await expect(generate()).toBeEnabled()
  },
}

export const BoletoInvalidFields: Story = {
  name: "Dados do pagador inválidos",
  play: async ({ canvasElement, args }) => {
    const { field, state, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await userEvent.type(field("CPF/CNPJ"), "11144477700")
    await userEvent.type(field("CEP"), "0131")
    await userEvent.type(field("Número"), "12a")
    await userEvent.click(generate())
    await waitFor(() => expect(field("Nome completo")).toHaveAccessibleDescription("Obrigatório"))
    await expect(field("CPF/CNPJ")).toHaveAccessibleDescription("Documento inválido")
    await expect(field("CEP")).toHaveAccessibleDescription("CEP inválido")
    await expect(field("Rua")).toHaveAccessibleDescription("Obrigatório")
    await expect(field("Número")).toHaveAccessibleDescription("Inválido")
    await expect(field("Bairro")).toHaveAccessibleDescription("Obrigatório")
    await expect(field("Cidade")).toHaveAccessibleDescription("Obrigatório")
    await expect(state()).toHaveAccessibleDescription("Obrigatório")
    await expect(state()).toBeInvalid()
    // The complement is optional.
    await expect(field("Complemento (opcional)")).not.toBeInvalid()
    await expect(args.onGenerateBoleto).not.toHaveBeenCalled()
  },
}

export const BoletoSubmitted: Story = {
  name: "Boleto enviado",
  play: async ({ canvasElement, args }) => {
    const { canvas, field, generate } = ui(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Trimestral/ }))
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await expect(field("CPF/CNPJ")).toHaveValue("111.444.777-35")
    await expect(field("CEP")).toHaveValue("01310-100")
    await userEvent.click(generate())
    await waitFor(() =>
      expect(args.onGenerateBoleto).toHaveBeenCalledWith(boletoPayerOutput, quarterly),
    )
    await expect(args.onGenerateBoleto).toHaveBeenCalledTimes(1)
    await expect(args.onIuguSubscribe).not.toHaveBeenCalled()
  },
}

export const BoletoWithComplement: Story = {
  name: "Boleto com complemento",
  play: async ({ canvasElement, args }) => {
    const { field, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await userEvent.type(field("Complemento (opcional)"), "Apto 12")
    await userEvent.click(generate())
    await waitFor(() =>
      expect(args.onGenerateBoleto).toHaveBeenCalledWith(
        { ...boletoPayerOutput, address: { ...boletoPayerOutput.address, complement: "Apto 12" } },
        monthly,
      ),
    )
  },
}

export const BoletoSubmitting: Story = {
  name: "Gerando boleto",
  args: { onGenerateBoleto: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const { canvas, field, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await userEvent.click(generate())
    await waitFor(() => expect(generate()).toHaveAttribute("aria-busy", "true"))
    await expect(generate()).toBeDisabled()
    await expect(canvas.getByRole("group", { name: "Dados do pagador" })).toBeDisabled()
    await expect(field("Nome completo")).toBeDisabled()
    await expect(args.onGenerateBoleto).toHaveBeenCalledTimes(1)
  },
}

export const BoletoServerError: Story = {
  name: "Forma de pagamento indisponível",
  args: {
    onGenerateBoleto: fn(async () =>
      Promise.reject({
        status: 409,
        message: "Esta forma de pagamento não está disponível para esta criadora.",
        code: "method_unavailable",
      }),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const { body, field, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await userEvent.click(generate())
    const alert = await body.findByRole("alert")
    await expect(alert).toHaveTextContent(
      "Esta forma de pagamento não está disponível para esta criadora.",
    )
    await expect(alert).toHaveAttribute("data-type", "danger")
    await expect(args.onGenerateBoleto).toHaveBeenCalledTimes(1)
    // What was typed stays, to try again.
    await expect(generate()).toBeEnabled()
    await expect(field("Nome completo")).toHaveValue(typedBoletoPayer.accountName)
  },
}

export const BoletoUnexpectedError: Story = {
  name: "Erro inesperado",
  args: { onGenerateBoleto: fn(async () => Promise.reject(new TypeError("Failed to fetch"))) },
  play: async ({ canvasElement }) => {
    const { body, generate } = ui(canvasElement)
    await chooseBoleto(canvasElement)
    await typeBoletoPayer(canvasElement)
    await userEvent.click(generate())
    // Not an answer of the API: the spec's fallback, never the browser's English text.
    await expect(await body.findByRole("alert")).toHaveTextContent("Houve um erro inesperado.")
  },
}

export const MercadoPagoBoleto: Story = {
  name: "Boleto no Mercado Pago",
  args: { profile: boletoProfile("mercadoPago") },
  play: async ({ canvasElement, args }) => {
    const { canvas, generate } = ui(canvasElement)
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeChecked()
    await expect(canvas.getByRole("radio", { name: "Link de pagamento" })).toBeVisible()
    await chooseBoleto(canvasElement)
    await expect(args.onChooseBoleto).toHaveBeenCalledTimes(1)
    await expect(canvas.queryByRole("button", { name: "Continuar" })).not.toBeInTheDocument()
    await typeBoletoPayer(canvasElement)
    await userEvent.click(generate())
    await waitFor(() =>
      expect(args.onGenerateBoleto).toHaveBeenCalledWith(boletoPayerOutput, monthly),
    )
    await expect(args.onMercadoPagoContinue).not.toHaveBeenCalled()
  },
}
