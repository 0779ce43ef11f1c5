import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  couponDuplicateMessage,
  couponNoPlansMessage,
  couponPercentMessage,
  trialDaysMessage,
  trialRefusal,
  type CouponKind,
} from "../../domain/coupons.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { COUPON_CREATED, CouponForm } from "./coupon-form.tsx"

const meta = {
  title: "Telas/Estúdio/Partes/Novo cupom",
  tags: ["criadora", "cupom"],
  component: CouponForm,
  args: { plans: demoPlans, onCreate: fn(async () => {}), trialRefusal: null },
  decorators: [(Story) => <div className="p-4">{Story()}</div>],
} satisfies Meta<typeof CouponForm>

export default meta
type Story = StoryObj<typeof meta>

const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const submit = (canvas: ReturnType<typeof within>) =>
  userEvent.click(canvas.getByRole("button", { name: "Criar cupom" }))

/** Chooses a kind of discount and types its code and amount. */
async function fill(canvasElement: HTMLElement, kind: CouponKind, code: string, amount: string) {
  const canvas = within(canvasElement)
  await userEvent.selectOptions(canvas.getByRole("combobox", { name: /Tipo de desconto/ }), kind)
  await userEvent.type(canvas.getByRole("textbox", { name: "Código" }), code)
  const amountLabel = { percent: "Desconto (%)", fixed: "Desconto (R$)", trial: /Dias grátis/ }
  if (amount) await userEvent.type(canvas.getByRole("textbox", { name: amountLabel[kind] }), amount)
  return canvas
}

export const Empty: Story = {
  name: "Vazio",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("form", { name: "Novo cupom" })).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "Código" })).toHaveValue("")
    await expect(canvas.getByRole("combobox", { name: /Tipo de desconto/ })).toHaveValue("percent")
    await expect(canvas.getByText(/O desconto vale só no primeiro período/)).toBeVisible()
    // Every plan on sale is covered until she unticks one.
    for (const plan of ["Mensal", "Trimestral", "Semestral"])
      await expect(canvas.getByRole("checkbox", { name: new RegExp(plan) })).toBeChecked()
  },
}

export const Percent: Story = {
  name: "Porcentagem",
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, "percent", "metade", "50")
    await expect(canvas.getByRole("textbox", { name: "Desconto (%)" })).toHaveValue("50")
    await expect(canvas.getByRole("textbox", { name: "Desconto (%)" })).toHaveAttribute(
      "inputmode",
      "numeric",
    )
  },
}

export const Fixed: Story = {
  name: "Valor fixo",
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, "fixed", "dezreais", "10,00")
    await expect(canvas.getByRole("textbox", { name: "Desconto (R$)" })).toHaveValue("10,00")
    await expect(canvas.getByText(/O desconto vale só no primeiro período/)).toBeVisible()
  },
}

export const Trial: Story = {
  name: "Teste grátis",
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, "trial", "teste7", "7")
    await expect(canvas.getByText(/O teste grátis dá acesso na hora/)).toBeVisible()
    await expect(canvas.getByText("Acesso antes da primeira cobrança")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Criar cupom" })).toBeEnabled()
  },
}

export const RequiredFields: Story = {
  name: "Campos obrigatórios",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // Sent untouched: every required field says so.
    await submit(canvas)
    await waitFor(() => expect(canvas.getAllByText("Obrigatório")).toHaveLength(2))
    await expect(canvas.getByRole("textbox", { name: "Código" })).toHaveAccessibleDescription(
      /Obrigatório/,
    )
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const InvalidPercent: Story = {
  name: "Código, porcentagem, planos e limite inválidos",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "percent", "abc", "100")
    for (const plan of ["Mensal", "Trimestral", "Semestral"])
      await userEvent.click(canvas.getByRole("checkbox", { name: new RegExp(plan) }))
    await userEvent.type(canvas.getByRole("textbox", { name: /Limite de usos/ }), "0")
    await submit(canvas)
    await expect(await canvas.findByText(couponPercentMessage)).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "Código" })).toHaveAccessibleDescription(
      /Inválido/,
    )
    await expect(
      canvas.getByRole("textbox", { name: /Limite de usos/ }),
    ).toHaveAccessibleDescription(/Inválido/)
    await expect(canvas.getByText(couponNoPlansMessage)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const InvalidFixed: Story = {
  name: "Valor fixo inválido",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "fixed", "dezreais", "dez")
    await submit(canvas)
    await waitFor(() =>
      expect(canvas.getByRole("textbox", { name: "Desconto (R$)" })).toHaveAccessibleDescription(
        "Inválido",
      ),
    )
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const InvalidTrialDays: Story = {
  name: "Dias de teste fora do limite",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "trial", "teste31", "31")
    await submit(canvas)
    await expect(await canvas.findByText(trialDaysMessage)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const TrialRefused: Story = {
  name: "Teste grátis recusado pelo meio de pagamento",
  args: { trialRefusal: trialRefusal("mercadoPagoPixOnly") },
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "trial", "teste7", "7")
    const reason = trialRefusal("mercadoPagoPixOnly")!
    await expect(canvas.getByText(reason)).toBeVisible()
    await expect(
      canvas.getByRole("combobox", { name: /Tipo de desconto/ }),
    ).toHaveAccessibleDescription(reason)
    await expect(canvas.getByRole("button", { name: "Criar cupom" })).toBeDisabled()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

export const CreatesPercent: Story = {
  name: "Cria cupom de porcentagem",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "percent", "metade", "50")
    await userEvent.click(canvas.getByRole("checkbox", { name: /Semestral/ }))
    await userEvent.type(canvas.getByRole("textbox", { name: /Limite de usos/ }), "100")
    await userEvent.type(canvas.getByLabelText(/Vale até/), "2026-12-31")
    await submit(canvas)
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        code: "METADE",
        kind: "percent",
        percentOff: 50,
        planIds: [demoPlans[0]!.id, demoPlans[1]!.id],
        maxUses: 100,
        // The last day counts whole, in São Paulo time.
        expiresAt: "2026-12-31T23:59:59-03:00",
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(COUPON_CREATED)
    // Emptied for the next coupon.
    await expect(canvas.getByRole("textbox", { name: "Código" })).toHaveValue("")
  },
}

export const CreatesFixed: Story = {
  name: "Cria cupom de valor fixo",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "fixed", "dezreais", "10,00")
    await submit(canvas)
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        code: "DEZREAIS",
        kind: "fixed",
        amountOffCents: 1000,
        planIds: demoPlans.map((plan) => plan.id),
        maxUses: null,
        expiresAt: null,
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(COUPON_CREATED)
  },
}

export const CreatesTrial: Story = {
  name: "Cria teste grátis",
  play: async ({ canvasElement, args }) => {
    const canvas = await fill(canvasElement, "trial", "teste7", "7")
    await submit(canvas)
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        code: "TESTE7",
        kind: "trial",
        trialDays: 7,
        planIds: demoPlans.map((plan) => plan.id),
        maxUses: null,
        expiresAt: null,
      }),
    )
  },
}

export const Refused: Story = {
  name: "Recusado pelo servidor",
  args: { onCreate: fn(async () => Promise.reject({ message: couponDuplicateMessage })) },
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, "percent", "metade", "50")
    await submit(canvas)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      couponDuplicateMessage,
    )
    // Kept as typed, to fix and send again.
    await expect(canvas.getByRole("textbox", { name: "Código" })).toHaveValue("metade")
  },
}
