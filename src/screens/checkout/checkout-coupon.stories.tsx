import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  couponInvalidMessage,
  couponPlanMessage,
  couponTrialMethodMessage,
} from "../../domain/coupon-prices.ts"
import { cardToken } from "../../testing/fixtures/billing-cards.ts"
import { makeCouponQuote, makeTrialCouponQuote } from "../../testing/fixtures/coupons.ts"
import { demoPlans, makeProfile } from "../../testing/fixtures/profile.ts"
import { CheckoutScreen } from "./checkout-screen.tsx"

const profile = makeProfile({
  subscription: {
    plans: demoPlans.map((plan) => ({ name: plan.name, value: plan.valueCents / 100 })),
    paymentMethods: ["pix", "credit_card"],
  },
})

const meta = {
  title: "Telas/Assinar/Assinar com cupom",
  tags: ["seguidora", "cupom", "jornada-pix"],
  component: CheckoutScreen,
  args: {
    profile,
    account: null,
    signInHref: "/demo/auth",
    forgotPasswordHref: "/demo/auth/recovery/email",
    onLogin: fn(async (_credentials: { email: string; password: string }) => {}),
    tokenizeCard: fn(async () => ({ ...cardToken })),
    onSubscribe: fn(async () => {}),
    coupon: { status: "applied", quote: makeCouponQuote() },
    onApplyCoupon: fn(),
    onRemoveCoupon: fn(),
  },
} satisfies Meta<typeof CheckoutScreen>

export default meta
type Story = StoryObj<typeof meta>

export const LinkApplied: Story = {
  name: "Cupom do link aplicado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).toHaveTextContent("Cupom METADE-50%")
    // R$ 29,90 + R$ 1,99 struck through; half the plan plus the fee after it.
    await expect(summary.querySelector("s")).toHaveTextContent("R$ 31,89")
    await expect(summary).toHaveTextContent("R$ 16,94")
    await expect(summary).toHaveTextContent("renova por R$ 31,89")

    const email = "Ana@Exemplo.com"
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), email)
    await userEvent.type(canvas.getByRole("textbox", { name: "Confirmar e-mail" }), email)
    // The Pix options say what this period costs and what the debits after it cost.
    await expect(canvas.getByText(/R\$\s16,94 só para este período/)).toBeVisible()
    await expect(canvas.getByText(/R\$\s16,94 agora e R\$\s31,89 todo mês depois/)).toBeVisible()
    const subscribe = canvas.getByRole("button", { name: "Assinar" })
    await waitFor(() => expect(subscribe).toBeEnabled())
    await userEvent.click(subscribe)
    await expect(args.onSubscribe).toHaveBeenCalledWith(
      expect.objectContaining({ plan: demoPlans[0], method: "pix", coupon: "METADE" }),
    )
  },
}

export const OtherPlanChosen: Story = {
  name: "Cupom não vale para o plano",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Trimestral/ }))
    await expect(canvas.getByRole("status")).toHaveTextContent(couponPlanMessage)
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary.querySelector("s")).toBeNull()
    await expect(summary).toHaveTextContent("R$ 81,89")
  },
}

export const LinkRefused: Story = {
  name: "Cupom do link inválido",
  args: { coupon: { status: "refused", code: "NAOEXISTE", message: couponInvalidMessage } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(couponInvalidMessage)).toBeVisible()
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).toHaveTextContent("R$ 31,89")
    await expect(summary.querySelector("s")).toBeNull()
  },
}

export const TrialApplied: Story = {
  name: "Teste grátis do link no cartão",
  args: { coupon: { status: "applied", quote: makeTrialCouponQuote() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    const email = "Ana@Exemplo.com"
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), email)
    await userEvent.type(canvas.getByRole("textbox", { name: "Confirmar e-mail" }), email)
    await userEvent.click(canvas.getByRole("radio", { name: /Cartão de crédito/ }))
    await expect(canvas.getByRole("region", { name: "Cupom" })).toHaveTextContent(
      "Cupom TESTE7 aplicado 7 dias grátis",
    )
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    // Nothing today, nothing struck through: the plan's total from the trial's end.
    await expect(summary.querySelector("s")).toBeNull()
    await expect(summary).toHaveTextContent(/Total hoje\s*R\$\s0,00/)
    await expect(summary).toHaveTextContent(/A partir de 05\/12\/2026\s*R\$\s31,89/)
    await expect(summary).toHaveTextContent("hoje você não paga nada")
  },
}

export const TrialOnPix: Story = {
  name: "Teste grátis não vale no Pix",
  args: { coupon: { status: "applied", quote: makeTrialCouponQuote() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    await userEvent.click(canvas.getByRole("radio", { name: /^Pix$/ }))
    await expect(canvas.getByRole("status")).toHaveTextContent(couponTrialMethodMessage)
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).not.toHaveTextContent("Total hoje")
    await expect(summary).toHaveTextContent("R$ 31,89")
  },
}

export const TrialOnAutomaticPix: Story = {
  name: "Teste grátis no Pix Automático",
  args: { coupon: { status: "applied", quote: makeTrialCouponQuote() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("radio", { name: /Mensal/ }))
    const email = "ana@exemplo.com"
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), email)
    await userEvent.type(canvas.getByRole("textbox", { name: "Confirmar e-mail" }), email)
    await userEvent.click(canvas.getByRole("radio", { name: /^Pix$/ }))
    await userEvent.click(await canvas.findByRole("radio", { name: /^Pix Automático/ }))
    await expect(canvas.queryByText(couponTrialMethodMessage)).not.toBeInTheDocument()
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).toHaveTextContent(/Total hoje\s*R\$\s0,00/)
    await expect(summary).toHaveTextContent(/A partir de 05\/12\/2026\s*R\$\s31,89/)
    await expect(summary).toHaveTextContent(
      "Em 05/12/2026 o Pix Automático debita R$ 31,89, e a assinatura renova por esse valor.",
    )
  },
}
