import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  couponNoPlansMessage,
  couponPercentMessage,
  trialDaysMessage,
  trialRefusal,
} from "../../domain/coupons.ts"
import { makeStudioCoupon } from "../../testing/fixtures/coupons.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { StudioCouponsScreen, type StudioCouponsView } from "./studio-coupons-screen.tsx"

const ready: Extract<StudioCouponsView, { status: "ready" }> = {
  status: "ready",
  coupons: [makeStudioCoupon()],
  plans: demoPlans,
  pageUrl: "https://closer.app/demo",
  trialRefusal: null,
}

/** The form with "Teste grátis (dias)" chosen. */
async function chooseTrial(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.selectOptions(canvas.getByRole("combobox", { name: /Tipo de desconto/ }), "trial")
  return canvas
}

const meta = {
  title: "Telas/Estúdio/Cupons",
  tags: ["criadora", "cupom"],
  component: StudioCouponsScreen,
  args: {
    view: ready,
    onRetry: fn(),
    onCreate: fn(async () => {}),
    onSetStatus: fn(async () => {}),
  },
} satisfies Meta<typeof StudioCouponsScreen>

export default meta
type Story = StoryObj<typeof meta>

const card = (canvasElement: HTMLElement, code: string) =>
  within(within(canvasElement).getByRole("region", { name: code }))

export const List: Story = {
  name: "Lista de cupons",
  play: async ({ canvasElement, args }) => {
    const coupon = card(canvasElement, "METADE")
    await expect(coupon.getByText("-50%")).toBeVisible()
    await expect(coupon.getByText("Ativo")).toBeVisible()
    await expect(coupon.getByText("12 de 100 (2 aguardando pagamento)")).toBeVisible()
    await expect(coupon.getByText("R$ 538,20")).toBeVisible()
    await expect(coupon.getByText("https://closer.app/demo?cupom=METADE")).toBeVisible()
    await userEvent.click(coupon.getByRole("button", { name: "Pausar" }))
    await expect(args.onSetStatus).toHaveBeenCalledWith("coupon-metade", "paused")
  },
}

export const Paused: Story = {
  name: "Cupom pausado",
  args: {
    view: { ...ready, coupons: [makeStudioCoupon({ status: "paused", maxUses: null })] },
  },
  play: async ({ canvasElement, args }) => {
    const coupon = card(canvasElement, "METADE")
    await expect(coupon.getByText("Pausado")).toBeVisible()
    await expect(coupon.getByText(/sem limite/)).toBeVisible()
    await userEvent.click(coupon.getByRole("button", { name: "Reativar" }))
    await expect(args.onSetStatus).toHaveBeenCalledWith("coupon-metade", "active")
  },
}

export const Ended: Story = {
  name: "Cupom encerrado",
  args: { view: { ...ready, coupons: [makeStudioCoupon({ status: "ended" })] } },
  play: async ({ canvasElement }) => {
    const coupon = card(canvasElement, "METADE")
    await expect(coupon.getByText("Encerrado")).toBeVisible()
    await expect(coupon.queryByRole("button")).not.toBeInTheDocument()
    // Its uses and revenue stay on record.
    await expect(coupon.getByText("R$ 538,20")).toBeVisible()
  },
}

export const Empty: Story = {
  name: "Nenhum cupom",
  args: { view: { ...ready, coupons: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Você ainda não tem cupons/)).toBeVisible()
  },
}

export const Create: Story = {
  name: "Criar cupom",
  args: { view: { ...ready, coupons: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "Código" }), "metade")
    await userEvent.type(canvas.getByRole("textbox", { name: "Desconto (%)" }), "50")
    await userEvent.click(canvas.getByRole("checkbox", { name: /Trimestral/ }))
    await userEvent.click(canvas.getByRole("checkbox", { name: /Semestral/ }))
    await userEvent.type(canvas.getByRole("textbox", { name: /Limite de usos/ }), "100")
    await userEvent.click(canvas.getByRole("button", { name: "Criar cupom" }))
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        code: "METADE",
        kind: "percent",
        percentOff: 50,
        planIds: [demoPlans[0]!.id],
        maxUses: 100,
        expiresAt: null,
      }),
    )
  },
}

export const FormErrors: Story = {
  name: "Cupom com erros",
  args: { view: { ...ready, coupons: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "Código" }), "abc")
    await userEvent.type(canvas.getByRole("textbox", { name: "Desconto (%)" }), "100")
    for (const plan of ["Mensal", "Trimestral", "Semestral"])
      await userEvent.click(canvas.getByRole("checkbox", { name: new RegExp(plan) }))
    await userEvent.click(canvas.getByRole("button", { name: "Criar cupom" }))
    await expect(await canvas.findByText("Inválido")).toBeVisible()
    await expect(canvas.getByText(couponPercentMessage)).toBeVisible()
    await expect(canvas.getByText(couponNoPlansMessage)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const Failed: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Não foi possível carregar os cupons." } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Não foi possível carregar os cupons.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const TrialInList: Story = {
  name: "Teste grátis na lista",
  args: {
    view: {
      ...ready,
      coupons: [
        makeStudioCoupon({
          couponId: "coupon-teste7",
          code: "TESTE7",
          kind: "trial",
          percentOff: null,
          trialDays: 7,
          maxUses: null,
          expiresAt: null,
          uses: 9,
          reserved: 0,
          revenueCents: 8970,
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const coupon = card(canvasElement, "TESTE7")
    await expect(coupon.getByText("Teste grátis de 7 dias")).toBeVisible()
    await expect(coupon.getByText("9 sem limite")).toBeVisible()
    await expect(coupon.getByText("R$ 89,70")).toBeVisible()
  },
}

export const CreateTrial: Story = {
  name: "Criar teste grátis",
  args: { view: { ...ready, coupons: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = await chooseTrial(canvasElement)
    await expect(canvas.getByText(/O teste grátis dá acesso na hora/)).toBeVisible()
    await userEvent.type(canvas.getByRole("textbox", { name: "Código" }), "teste7")
    await userEvent.type(canvas.getByRole("textbox", { name: /Dias grátis/ }), "7")
    await userEvent.click(canvas.getByRole("checkbox", { name: /Trimestral/ }))
    await userEvent.click(canvas.getByRole("checkbox", { name: /Semestral/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Criar cupom" }))
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        code: "TESTE7",
        kind: "trial",
        trialDays: 7,
        planIds: [demoPlans[0]!.id],
        maxUses: null,
        expiresAt: null,
      }),
    )
  },
}

export const TrialErrors: Story = {
  name: "Teste grátis com erros",
  args: { view: { ...ready, coupons: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = await chooseTrial(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "Código" }), "teste31")
    await userEvent.type(canvas.getByRole("textbox", { name: /Dias grátis/ }), "31")
    await userEvent.click(canvas.getByRole("button", { name: "Criar cupom" }))
    await expect(await canvas.findByText(trialDaysMessage)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const TrialRefused: Story = {
  name: "Teste grátis indisponível no Pix da chave",
  args: { view: { ...ready, coupons: [], trialRefusal: trialRefusal("bacen") } },
  play: async ({ canvasElement, args }) => {
    const canvas = await chooseTrial(canvasElement)
    await expect(canvas.getByText(trialRefusal("bacen")!)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Criar cupom" })).toBeDisabled()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}
