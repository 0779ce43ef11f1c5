import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { studioPlans } from "../../testing/fixtures/studio.ts"
import { StudioPlansScreen } from "./studio-plans-screen.tsx"
import { studioStack } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Planos",
  tags: ["criadora", "jornada-estudio"],
  component: StudioPlansScreen,
  args: {
    view: { status: "ready", plans: studioPlans },
    onRetry: fn(),
    onSave: fn(async () => {}),
  },
  decorators: [studioStack],
} satisfies Meta<typeof StudioPlansScreen>

export default meta
type Story = StoryObj<typeof meta>

const region = (el: HTMLElement, name: string) => within(el).getByRole("region", { name })

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Conta de criadora suspensa",
  args: {
    view: { status: "error", message: "Sua conta de criadora está suspensa. Fale com o suporte." },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText("Sua conta de criadora está suspensa. Fale com o suporte."),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

/** Per-month price, discount and the total with the R$ 1,99 fee, as the checkout shows them. */
export const Filled: Story = {
  name: "Planos ativos",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const quarterly = region(canvasElement, "Plano trimestral")
    await expect(within(quarterly).getByRole("switch", { name: "Trimestral" })).toBeChecked()
    await expect(quarterly).toHaveTextContent("R$ 26,63/mês")
    await expect(quarterly).toHaveTextContent("-10%")
    await expect(quarterly).toHaveTextContent("O seguidor paga R$ 81,89 com a taxa.")
    await expect(
      within(region(canvasElement, "Plano semestral")).getByRole("switch"),
    ).not.toBeChecked()
    await expect(canvas.getByText(/taxa de serviço de R\$\s1,99/)).toBeVisible()
    const preview = region(canvasElement, "Como os seguidores veem")
    await expect(within(preview).getAllByRole("radio")).toHaveLength(2)
    await expect(
      within(preview).getByRole("region", { name: "Resumo da compra" }),
    ).toHaveTextContent("TotalR$ 31,89")
  },
}

export const TurnOnAndSave: Story = {
  name: "Ligar plano e salvar",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const semiannual = region(canvasElement, "Plano semestral")
    await userEvent.click(within(semiannual).getByRole("switch", { name: "Semestral" }))
    const price = within(semiannual).getByLabelText("Preço do plano semestral (R$)")
    await userEvent.clear(price)
    await userEvent.type(price, "139,90")
    await expect(semiannual).toHaveTextContent("-22%")
    await userEvent.click(canvas.getByRole("button", { name: "Salvar planos" }))
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith([
        { name: "MONTHLY", active: true, valueCents: 2990 },
        { name: "QUARTERLY", active: true, valueCents: 7990 },
        { name: "SEMIANNUAL", active: true, valueCents: 13990 },
      ]),
    )
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole("alert"),
    ).toHaveTextContent("Planos atualizados")
  },
}

export const ValidationMessages: Story = {
  name: "Valores inválidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const monthly = region(canvasElement, "Plano mensal")
    const price = within(monthly).getByLabelText("Preço do plano mensal (R$)")
    await userEvent.clear(price)
    await userEvent.type(price, "2")
    await expect(
      await within(monthly).findByText(/Informe um valor entre R\$\s5,00 e R\$\s10\.000,00/),
    ).toBeVisible()
    await userEvent.click(within(monthly).getByRole("switch"))
    await userEvent.click(within(region(canvasElement, "Plano trimestral")).getByRole("switch"))
    await userEvent.click(canvas.getByRole("button", { name: "Salvar planos" }))
    await expect(await canvas.findByText("Mantenha pelo menos um plano ativo")).toBeVisible()
    await expect(canvas.getByText("Nenhum plano à venda.")).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

export const Saving: Story = {
  name: "Salvando",
  args: { onSave: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Salvar planos" }))
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: "Salvar planos" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
  },
}

export const SaveFails: Story = {
  name: "Erro ao salvar",
  args: {
    onSave: fn(async () => {
      throw { message: "Muitas tentativas. Aguarde alguns minutos e tente novamente." }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Salvar planos" }))
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole("alert"),
    ).toHaveTextContent("Muitas tentativas. Aguarde alguns minutos e tente novamente.")
  },
}
