import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeNumbers } from "../../testing/fixtures/studio.ts"
import { StudioNumbersScreen } from "./studio-numbers-screen.tsx"
import { studioStack } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Screens/Studio/StudioNumbersScreen",
  component: StudioNumbersScreen,
  args: {
    view: { status: "ready", numbers: makeNumbers(7) },
    days: 7,
    onDaysChange: fn(),
    onRetry: fn(),
  },
  decorators: [studioStack],
} satisfies Meta<typeof StudioNumbersScreen>

export default meta
type Story = StoryObj<typeof meta>

const stat = (el: HTMLElement, label: string) =>
  within(el).getByText(label, { selector: "dt" }).parentElement!

export const Loading: Story = {
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(stat(canvasElement, "Visitas")).toHaveTextContent("Visitas175nos últimos 7 dias")
    await expect(stat(canvasElement, "Checkouts iniciados")).toHaveTextContent("47")
    await expect(stat(canvasElement, "Checkouts iniciados")).toHaveTextContent("26,9% das visitas")
    await expect(stat(canvasElement, "Assinaturas pagas")).toHaveTextContent("919,1% dos checkouts")
    await expect(stat(canvasElement, "Assinantes ativos")).toHaveTextContent("42")
    await expect(stat(canvasElement, "Receita do mês")).toHaveTextContent("R$ 598,00")
    await expect(stat(canvasElement, "Receita no período")).toHaveTextContent("R$ 269,10")
    await expect(
      canvas.getByRole("img", { name: "Gráfico de 7 dias: 175 visitas e 9 assinaturas pagas" }),
    ).toBeVisible()
    const rows = within(canvas.getByRole("table", { name: "Números por dia" })).getAllByRole("row")
    await expect(rows).toHaveLength(8)
    await expect(rows[1]).toHaveTextContent("22/1137102R$ 59,80")
  },
}

export const NoVisitsYet: Story = {
  args: {
    view: {
      status: "ready",
      numbers: {
        ...makeNumbers(7),
        days: makeNumbers(7).days.map((day) => ({
          ...day,
          visits: 0,
          checkoutsStarted: 0,
          paid: 0,
          revenueCents: 0,
        })),
        totals: { visits: 0, checkoutsStarted: 0, paid: 0, revenueCents: 0 },
        activeSubscribers: 0,
        monthlyRevenueCents: 0,
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(stat(canvasElement, "Checkouts iniciados")).toHaveTextContent("— das visitas")
    await expect(stat(canvasElement, "Receita do mês")).toHaveTextContent("R$ 0,00")
  },
}

export const ChangePeriod: Story = {
  args: { view: { status: "ready", numbers: makeNumbers(30) }, days: 30 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Período")).toHaveValue("30")
    await userEvent.selectOptions(canvas.getByLabelText("Período"), "90")
    await expect(args.onDaysChange).toHaveBeenCalledWith(90)
  },
}
