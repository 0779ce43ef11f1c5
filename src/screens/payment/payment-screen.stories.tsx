import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { cardToken, typeCard, typedCard } from "../../testing/fixtures/billing-cards.ts"
import { paymentScreenArgs } from "../../testing/fixtures/payment-screen.ts"
import { demoPlans, makeProfile } from "../../testing/fixtures/profile.ts"
import { PaymentScreen } from "./payment-screen.tsx"

const monthly = demoPlans[0]!
const semiannual = demoPlans[2]!

const meta = {
  title: "Telas/Pagamento/Pagamento",
  tags: ["seguidora", "jornada-cartao", "jornada-pix-chave"],
  component: PaymentScreen,
  args: { ...paymentScreenArgs(), profile: makeProfile({ paymentGateway: "iugu" }) },
} satisfies Meta<typeof PaymentScreen>

export default meta
type Story = StoryObj<typeof meta>

function ui(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  return {
    canvas,
    body: within(canvasElement.ownerDocument.body),
    button: (name: string) => canvas.getByRole("button", { name }),
    current: () =>
      canvas.getAllByRole("listitem").find((li) => li.getAttribute("aria-current") === "step"),
  }
}

export const IuguSavedCards: Story = {
  name: "Cartões salvos",
  play: async ({ canvasElement, args }) => {
    const { canvas, button, current } = ui(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Pagamento" })).toBeVisible()
    await expect(current()).toHaveTextContent("Pagamento")
    await expect(canvas.getByRole("group", { name: "Seus cartões" })).toBeVisible()
    await expect(canvas.getByText("XXXX-XXXX-XXXX-1111")).toBeVisible()
    await expect(canvas.getByText("Mastercard")).toBeVisible()
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).toHaveTextContent("Assinatura mensal")
    await expect(summary).toHaveTextContent("R$ 31,89")
    await expect(canvas.getByText("Ambiente 100% seguro")).toBeVisible()
    // Saved-card mode needs a card.
    await expect(button("Assinar")).toBeDisabled()
    await userEvent.click(canvas.getByRole("radio", { name: /Visa/ }))
    await userEvent.click(button("Assinar"))
    await expect(args.onIuguSubscribe).toHaveBeenCalledWith({
      plan: monthly,
      paymentMethodId: "card-visa",
    })
    await expect(args.tokenizeCard).not.toHaveBeenCalled()
  },
}

export const IuguNewCard: Story = {
  name: "Usar outro cartão",
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: "Usar outro cartão" }))
    const { accountName, accountDocument, cardNumber, ...rest } = typedCard
    await typeCard(canvasElement, { accountName, accountDocument, cardNumber })
    await expect(button("Assinar")).toBeDisabled()
    await typeCard(canvasElement, rest)
    await waitFor(() => expect(button("Assinar")).toBeEnabled())
    await userEvent.click(button("Assinar"))
    await waitFor(() =>
      expect(args.onIuguSubscribe).toHaveBeenCalledWith({
        plan: monthly,
        card: {
          ...cardToken,
          accountName: "ANA DEMO",
          accountDocument: "11144477735",
          cardHolderName: "ANA DEMO",
        },
      }),
    )
  },
}

export const IuguLoadingCards: Story = {
  name: "Carregando cartões",
  args: { cards: { status: "loading" } },
  play: async ({ canvasElement }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Carregando cartões")
    await expect(canvas.queryByRole("group", { name: "Dados do cartão" })).not.toBeInTheDocument()
    await expect(button("Assinar")).toBeDisabled()
  },
}

export const IuguCardsError: Story = {
  name: "Erro ao carregar cartões",
  args: { cards: { status: "error" } },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Houve um erro inesperado ao capturar cartões.",
    )
    // A new card still works.
    await expect(canvas.getByRole("group", { name: "Dados do cartão" })).toBeVisible()
    await userEvent.click(button("Tentar novamente"))
    await expect(args.onRetryCards).toHaveBeenCalledTimes(1)
  },
}

export const MercadoPago: Story = {
  name: "Mercado Pago",
  args: {
    profile: makeProfile({
      paymentGateway: "mercadoPago",
      subscription: { plans: [], paymentMethods: ["credit_card", "link"] },
    }),
  },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeChecked()
    await userEvent.click(canvas.getByRole("radio", { name: /Semestral/ }))
    await userEvent.click(canvas.getByRole("radio", { name: "Link de pagamento" }))
    await userEvent.click(button("Continuar"))
    await expect(args.onMercadoPagoContinue).toHaveBeenCalledWith("link", semiannual)
    await expect(canvas.queryByRole("button", { name: "Assinar" })).not.toBeInTheDocument()
  },
}

export const MercadoPagoCard: Story = {
  name: "Mercado Pago, cartão de crédito",
  args: {
    profile: makeProfile({
      paymentGateway: "mercadoPago",
      subscription: { plans: [], paymentMethods: ["credit_card", "link"] },
    }),
    initialPlanId: null,
  },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(button("Continuar")).toBeDisabled()
    await userEvent.click(canvas.getByRole("radio", { name: /Semestral/ }))
    // The card, offered first, is already chosen: continuing goes to the card checkout.
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeChecked()
    await expect(
      canvas.getByText(
        "Você vai concluir o pagamento no Mercado Pago e voltar para cá em seguida.",
      ),
    ).toBeVisible()
    await userEvent.click(button("Continuar"))
    await expect(args.onMercadoPagoContinue).toHaveBeenCalledTimes(1)
    await expect(args.onMercadoPagoContinue).toHaveBeenCalledWith("credit_card", semiannual)
  },
}

export const Bacen: Story = {
  name: "Pix direto, erro ao gerar",
  args: {
    profile: makeProfile({ paymentGateway: "bacen" }),
    onGeneratePix: fn(async () => Promise.reject({ status: 503 })),
  },
  play: async ({ canvasElement, args }) => {
    const { canvas, body, button } = ui(canvasElement)
    await expect(canvas.getByText(/vai direto para a conta de Ana Demo/)).toBeVisible()
    await userEvent.click(button("Gerar PIX"))
    await expect(args.onGeneratePix).toHaveBeenCalledWith(monthly)
    await expect(await body.findByRole("alert")).toHaveTextContent(
      "Houve um erro ao gerar novo pagamento via PIX",
    )
    await expect(button("Gerar PIX")).toBeEnabled()
  },
}

export const MercadoPagoPixOnly: Story = {
  name: "Mercado Pago, só Pix",
  args: {
    profile: makeProfile({ paymentGateway: "mercadoPagoPixOnly" }),
    onGeneratePix: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(canvas.getByText(/confirmação é automática/)).toBeVisible()
    await userEvent.click(button("Gerar PIX"))
    await expect(args.onGeneratePix).toHaveBeenCalledWith(monthly)
    await expect(button("Gerar PIX")).toHaveAttribute("aria-busy", "true")
  },
}

export const NoPlanChosen: Story = {
  name: "Pix sem plano escolhido",
  args: { profile: makeProfile({ paymentGateway: "bacen" }), initialPlanId: null },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    await expect(button("Gerar PIX")).toBeDisabled()
    await expect(button("Gerar PIX")).toHaveAccessibleDescription(
      "Escolha um plano para continuar.",
    )
    await userEvent.click(button("Gerar PIX"))
    await expect(args.onGeneratePix).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    await expect(button("Gerar PIX")).toBeEnabled()
  },
}

export const IuguNoPlanChosen: Story = {
  name: "Cartão sem plano escolhido",
  args: { initialPlanId: null },
  play: async ({ canvasElement, args }) => {
    const { canvas, button } = ui(canvasElement)
    // A saved card is chosen, but without a plan there is nothing to subscribe to.
    await userEvent.click(canvas.getByRole("radio", { name: /Visa/ }))
    await expect(button("Assinar")).toBeDisabled()
    await expect(button("Assinar")).toHaveAccessibleDescription("Escolha um plano para continuar.")
    await expect(canvas.queryByRole("region", { name: "Resumo da compra" })).not.toBeInTheDocument()
    await userEvent.click(button("Assinar"))
    await expect(args.onIuguSubscribe).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    await expect(button("Assinar")).toBeEnabled()
    await expect(canvas.getByRole("region", { name: "Resumo da compra" })).toHaveTextContent(
      "R$ 31,89",
    )
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { canvas } = ui(canvasElement)
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBeLessThanOrEqual(512)
    await expect(Math.abs(main.left - (window.innerWidth - main.right))).toBeLessThan(2)
  },
}
