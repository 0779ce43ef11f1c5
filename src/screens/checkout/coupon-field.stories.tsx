import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import {
  couponExpiredMessage,
  couponInvalidMessage,
  couponPausedMessage,
  couponPlanMessage,
  couponUsedUpMessage,
} from "../../domain/coupon-prices.ts"
import { makeCouponQuote } from "../../testing/fixtures/coupons.ts"
import { CouponField } from "./coupon-field.tsx"

const meta = {
  title: "Telas/Assinar/Partes/Cupom",
  tags: ["seguidora", "cupom"],
  component: CouponField,
  args: { coupon: { status: "none" }, onApply: fn(), onRemove: fn() },
} satisfies Meta<typeof CouponField>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  name: "Tenho um cupom",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Tenho um cupom" }))
    const field = canvas.getByRole("textbox", { name: "Cupom" })
    await userEvent.type(field, " metade ")
    await userEvent.click(canvas.getByRole("button", { name: "Aplicar" }))
    await expect(args.onApply).toHaveBeenCalledWith("METADE")
  },
}

export const TooShort: Story = {
  name: "Código curto demais",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Tenho um cupom" }))
    await userEvent.type(canvas.getByRole("textbox", { name: "Cupom" }), "abc{Enter}")
    await expect(canvas.getByText("Inválido")).toBeVisible()
    await expect(args.onApply).not.toHaveBeenCalled()
  },
}

export const Checking: Story = {
  name: "Conferindo o cupom",
  args: { coupon: { status: "checking", code: "METADE" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Aplicar" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
  },
}

export const Applied: Story = {
  name: "Cupom aplicado",
  args: { coupon: { status: "applied", quote: makeCouponQuote() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/aplicado/)).toHaveTextContent("Cupom METADE aplicado -50%")
    await userEvent.click(canvas.getByRole("button", { name: "Remover" }))
    await expect(args.onRemove).toHaveBeenCalled()
  },
}

export const AppliedFixed: Story = {
  name: "Cupom de valor fixo aplicado",
  args: {
    coupon: {
      status: "applied",
      quote: makeCouponQuote({
        code: "DEZREAIS",
        kind: "fixed",
        percentOff: null,
        amountOffCents: 1000,
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/aplicado/)).toHaveTextContent(/-R\$\s10,00/)
  },
}

export const OtherPlan: Story = {
  name: "Cupom de outro plano",
  args: { coupon: { status: "applied", quote: makeCouponQuote() }, planMessage: couponPlanMessage },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(couponPlanMessage)
  },
}

const refused = (message: string): Story => ({
  args: { coupon: { status: "refused", code: "METADE", message } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("textbox", { name: "Cupom" })).toHaveValue("METADE")
    await expect(canvas.getByText(message)).toBeVisible()
  },
})

export const Invalid: Story = { name: "Cupom inválido", ...refused(couponInvalidMessage) }
export const Expired: Story = { name: "Cupom expirado", ...refused(couponExpiredMessage) }
export const UsedUp: Story = { name: "Cupom esgotado", ...refused(couponUsedUpMessage) }
export const Paused: Story = { name: "Cupom pausado", ...refused(couponPausedMessage) }
