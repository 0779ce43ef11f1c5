import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { couponCardMercadoPagoMessage, couponPlanMessage } from "../../domain/coupon-prices.ts"
import { makeCouponQuote } from "../../testing/fixtures/coupons.ts"
import { paymentScreenArgs } from "../../testing/fixtures/payment-screen.ts"
import { demoPlans, makeProfile } from "../../testing/fixtures/profile.ts"
import { PaymentScreen } from "./payment-screen.tsx"

const monthly = demoPlans[0]!
const mercadoPago = makeProfile({
  paymentGateway: "mercadoPago",
  subscription: { plans: [], paymentMethods: ["credit_card", "link", "boleto"] },
})

const meta = {
  title: "Telas/Pagamento/Pagamento com cupom",
  tags: ["seguidora", "cupom", "jornada-pix-chave"],
  component: PaymentScreen,
  args: {
    ...paymentScreenArgs(),
    profile: makeProfile({ paymentGateway: "bacen" }),
    coupon: { status: "applied", quote: makeCouponQuote() },
    onApplyCoupon: fn(),
    onRemoveCoupon: fn(),
  },
} satisfies Meta<typeof PaymentScreen>

export default meta
type Story = StoryObj<typeof meta>

/** R$ 29,90 + R$ 1,99 struck through; half the plan plus the fee after it. */
async function expectHalfPrice(canvasElement: HTMLElement) {
  const summary = within(canvasElement).getByRole("region", { name: "Resumo da compra" })
  await expect(summary).toHaveTextContent("Cupom METADE-50%")
  await expect(summary.querySelector("s")).toHaveTextContent("R$ 31,89")
  await expect(summary).toHaveTextContent("R$ 16,94")
  await expect(summary).toHaveTextContent("renova por R$ 31,89")
}

export const PixKeyLinkApplied: Story = {
  name: "Pix direto com o cupom do link",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("METADE")).toBeVisible()
    await expectHalfPrice(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Gerar PIX" }))
    await expect(args.onGeneratePix).toHaveBeenCalledWith(monthly, "METADE")
  },
}

export const PixKeyOtherPlan: Story = {
  name: "Pix direto, cupom não vale para o plano",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Trimestral/ }))
    await expect(canvas.getByRole("status")).toHaveTextContent(couponPlanMessage)
    await expect(canvas.queryByRole("region", { name: "Resumo da compra" })).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Gerar PIX" }))
    // Without a coupon that covers the plan, the Pix is of the plan's price.
    await expect(args.onGeneratePix).toHaveBeenCalledWith(demoPlans[1])
  },
}

export const PixKeyTyped: Story = {
  name: "Pix direto, Tenho um cupom",
  args: { coupon: { status: "none" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Tenho um cupom" }))
    await userEvent.type(canvas.getByRole("textbox", { name: "Cupom" }), "metade")
    await userEvent.click(canvas.getByRole("button", { name: "Aplicar" }))
    await expect(args.onApplyCoupon).toHaveBeenCalledWith("METADE")
  },
}

export const MercadoPagoLink: Story = {
  name: "Mercado Pago, link de pagamento com cupom",
  args: { profile: mercadoPago },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: "Link de pagamento" }))
    await expectHalfPrice(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(args.onMercadoPagoContinue).toHaveBeenCalledWith("link", monthly, "METADE")
  },
}

export const MercadoPagoCardRefused: Story = {
  name: "Mercado Pago, cupom recusado no cartão",
  args: { profile: mercadoPago },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeChecked()
    await expect(canvas.getByRole("status")).toHaveTextContent(couponCardMercadoPagoMessage)
    const proceed = canvas.getByRole("button", { name: "Continuar" })
    await expect(proceed).toBeDisabled()
    await userEvent.click(proceed)
    await expect(args.onMercadoPagoContinue).not.toHaveBeenCalled()
    // Boleto takes the coupon: its summary shows the first charge.
    await userEvent.click(canvas.getByRole("radio", { name: /Boleto/ }))
    await expect(canvas.queryByRole("status")).toBeNull()
    await expectHalfPrice(canvasElement)
  },
}

export const IuguSavedCard: Story = {
  name: "Cartão salvo com cupom",
  args: { profile: makeProfile({ paymentGateway: "iugu" }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expectHalfPrice(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Visa/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Assinar" }))
    await expect(args.onIuguSubscribe).toHaveBeenCalledWith({
      plan: monthly,
      paymentMethodId: "card-visa",
      coupon: "METADE",
    })
  },
}
