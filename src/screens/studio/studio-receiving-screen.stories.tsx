import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeReceiving } from "../../testing/fixtures/studio.ts"
import { StudioReceivingScreen } from "./studio-receiving-screen.tsx"
import { pageOf, studioStack } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Recebimento",
  tags: ["criadora", "jornada-estudio", "jornada-pix-chave"],
  component: StudioReceivingScreen,
  args: {
    view: { status: "ready", receiving: makeReceiving() },
    onRetry: fn(),
    onSave: fn(async () => {}),
  },
  decorators: [studioStack],
} satisfies Meta<typeof StudioReceivingScreen>

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

export const Sandbox: Story = {
  name: "Ambiente de testes",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("radio", { name: /iugu \(cartão e Pix\)/ })).toBeChecked()
    await expect(
      canvas.getAllByText("Ambiente de testes: nenhum dinheiro real é movimentado"),
    ).toHaveLength(3)
    await expect(canvas.getByText("Falta a chave Pix")).toBeVisible()
    await expect(canvas.getByRole("switch", { name: "Pausar vendas" })).not.toBeChecked()
    await expect(canvas.getByText(/Novos visitantes veem “As vendas estão pausadas”/)).toBeVisible()
    await expect(canvas.getByRole("option", { name: "aleatória" })).toBeInTheDocument()
    await expect(canvas.getByRole("option", { name: "Celular" })).toBeInTheDocument()
    await expect(canvas.getByRole("option", { name: "E-mail" })).toBeInTheDocument()
    await expect(canvas.getByRole("option", { name: "CPF/CNPJ" })).toBeInTheDocument()
  },
}

export const LiveCredentials: Story = {
  name: "Credenciais configuradas",
  args: {
    view: {
      status: "ready",
      receiving: makeReceiving({
        paymentGateway: "bacen",
        pix: { type: "email", key: "duda@exemplo.com.br" },
        gateways: [
          { gateway: "mercadoPago", credentials: "missing" },
          { gateway: "bacen", credentials: "configured" },
          { gateway: "mercadoPagoPixOnly", credentials: "missing" },
          { gateway: "iugu", credentials: "configured" },
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("radio", { name: /Pix direto na sua conta/ })).toBeChecked()
    await expect(canvas.getAllByText("Credenciais configuradas")).toHaveLength(2)
    await expect(canvas.getAllByText("Credenciais não configuradas")).toHaveLength(2)
    await expect(canvas.getByRole("radio", { name: /Mercado Pago \(somente Pix\)/ })).toBeDisabled()
    await expect(canvas.getByLabelText("Chave Pix")).toHaveValue("duda@exemplo.com.br")
    await expect(canvas.getByText(/pagam direto nesta chave/)).toBeVisible()
  },
}

const unavailable =
  "Indisponível: a plataforma ainda não configurou as credenciais deste gateway. Escolha outra forma de receber."

/** Live mode with only iugu's credentials: the Mercado Pago options cannot be chosen. */
export const ProviderWithoutCredentials: Story = {
  name: "Provedor sem credenciais",
  args: {
    view: {
      status: "ready",
      receiving: makeReceiving({
        gateways: [
          { gateway: "mercadoPago", credentials: "missing" },
          { gateway: "bacen", credentials: "missing" },
          { gateway: "mercadoPagoPixOnly", credentials: "missing" },
          { gateway: "iugu", credentials: "configured" },
        ],
      }),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const mercadoPago = canvas.getByRole("radio", { name: /Mercado Pago \(cartão, Pix e link\)/ })
    const pixOnly = canvas.getByRole("radio", { name: /Mercado Pago \(somente Pix\)/ })
    await expect(mercadoPago).toBeDisabled()
    await expect(pixOnly).toBeDisabled()
    await expect(mercadoPago.closest("label")).toHaveTextContent(unavailable)
    await expect(canvas.getAllByText(unavailable)).toHaveLength(2)
    // Pix direto is still open: the key goes in the same form.
    await expect(canvas.getByRole("radio", { name: /Pix direto na sua conta/ })).toBeEnabled()

    await userEvent.click(canvas.getByText("Mercado Pago (cartão, Pix e link)"))
    await expect(mercadoPago).not.toBeChecked()
    await expect(canvas.getByRole("radio", { name: /iugu \(cartão e Pix\)/ })).toBeChecked()
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        paymentGateway: "iugu",
        pix: null,
        migrating: false,
      }),
    )
  },
}

/** Her gateway lost its credentials: she is told to change it, and can still save the rest. */
export const CurrentGatewayWithoutCredentials: Story = {
  name: "Provedor atual sem credenciais",
  args: {
    view: {
      status: "ready",
      receiving: makeReceiving({
        paymentGateway: "mercadoPago",
        gateways: [
          { gateway: "mercadoPago", credentials: "missing" },
          { gateway: "bacen", credentials: "missing" },
          { gateway: "mercadoPagoPixOnly", credentials: "missing" },
          { gateway: "iugu", credentials: "configured" },
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const current = canvas.getByRole("radio", { name: /Mercado Pago \(cartão, Pix e link\)/ })
    await expect(current).toBeChecked()
    await expect(current).toBeEnabled()
    await expect(current.closest("label")).toHaveTextContent(unavailable)
    await expect(canvas.getByRole("radio", { name: /Mercado Pago \(somente Pix\)/ })).toBeDisabled()
  },
}

export const PixKeyByType: Story = {
  name: "Chave Pix por tipo",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText("Tipo de chave"), "person")
    await userEvent.type(canvas.getByLabelText("Chave Pix"), "11144477700")
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await expect(await canvas.findByText("Documento inválido")).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()

    await userEvent.selectOptions(canvas.getByLabelText("Tipo de chave"), "phone")
    await userEvent.type(canvas.getByLabelText("Chave Pix"), "11987654321")
    await userEvent.click(canvas.getByRole("switch", { name: "Pausar vendas" }))
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        paymentGateway: "iugu",
        pix: { type: "phone", key: "(11) 98765-4321" },
        migrating: true,
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Forma de receber atualizada",
    )
  },
}

export const BacenNeedsKey: Story = {
  name: "Pix direto sem chave",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Pix direto na sua conta/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await expect(
      await canvas.findByText("Cadastre uma chave Pix para receber pelo Pix direto na sua conta."),
    ).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

export const ServerRefusesKey: Story = {
  name: "Chave Pix recusada",
  args: {
    view: {
      status: "ready",
      receiving: makeReceiving({ pix: { type: "email", key: "duda@exemplo.com.br" } }),
    },
    onSave: fn(async () => {
      throw { message: "Email inválido", field: "pix.key" }
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await expect(await canvas.findByText("Email inválido")).toBeVisible()
  },
}

export const Saving: Story = {
  name: "Salvando",
  args: { onSave: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Salvar recebimento" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Salvar recebimento" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
  },
}
