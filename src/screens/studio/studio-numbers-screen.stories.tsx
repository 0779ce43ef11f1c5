import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeNumbers } from "../../testing/fixtures/studio.ts"
import { StudioNumbersScreen } from "./studio-numbers-screen.tsx"
import { studioStack } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Estúdio/Números",
  tags: ["criadora", "jornada-estudio"],
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

export const Filled: Story = {
  name: "Números da semana",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(stat(canvasElement, "Visitas")).toHaveTextContent("Visitas175nos últimos 7 dias")
    await expect(stat(canvasElement, "Checkouts iniciados")).toHaveTextContent("47")
    await expect(stat(canvasElement, "Checkouts iniciados")).toHaveTextContent("26,9% das visitas")
    await expect(stat(canvasElement, "Novas assinaturas")).toHaveTextContent("919,1% dos checkouts")
    await expect(stat(canvasElement, "Assinantes ativos")).toHaveTextContent("42")
    await expect(stat(canvasElement, "Receita do mês")).toHaveTextContent("R$ 598,00")
    await expect(stat(canvasElement, "Receita no período")).toHaveTextContent("R$ 269,10")
    const chart = canvas.getByRole("region", { name: "Evolução por dia" })
    await expect(
      within(chart).getByRole("tab", { name: "Visitas e novas assinaturas" }),
    ).toHaveAttribute("aria-selected", "true")
    await expect(
      within(chart).getByRole("img", {
        name: "Gráfico de 7 dias: 175 visitas e 9 novas assinaturas",
      }),
    ).toBeVisible()
    // Paid bars drawn over the visit bars, on the visits' scale: the 44-visit day is full height.
    const heights = (series: string) =>
      [...chart.querySelectorAll(`[data-series="${series}"] rect`)].map((rect) =>
        Number(rect.getAttribute("height")),
      )
    await expect(heights("visits")[3]).toBe(120)
    await expect(heights("paid")[3]).toBeCloseTo((3 / 44) * 120, 5)
    const rows = within(canvas.getByRole("table", { name: "Números por dia" })).getAllByRole("row")
    await expect(rows).toHaveLength(8)
    await expect(rows[1]).toHaveTextContent("22/1137102R$ 59,80")
  },
}

/** Revenue per day, from plans of different prices (a semiannual one on the 18th and the 22nd). */
const revenueByDay = [0, 5_980, 14_990, 8_970, 2_990, 0, 22_980]
const mixedPlans = (() => {
  const numbers = makeNumbers(7)
  const days = numbers.days.map((day, index) => ({ ...day, revenueCents: revenueByDay[index]! }))
  const revenueCents = revenueByDay.reduce((total, cents) => total + cents, 0)
  return { ...numbers, days, totals: { ...numbers.totals, revenueCents } }
})()

export const RevenueChart: Story = {
  name: "Gráfico de receita",
  args: { view: { status: "ready", numbers: mixedPlans } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole("region", { name: "Evolução por dia" })
    await step("the Receita tab draws the money per day on its own scale", async () => {
      await userEvent.click(within(chart).getByRole("tab", { name: "Receita" }))
      await expect(
        // formatBRL puts a no-break space after "R$".
        within(chart).getByRole("img", { name: /^Gráfico de 7 dias: R\$\s559,10 de receita$/ }),
      ).toBeVisible()
      await expect(within(chart).queryByRole("img", { name: /visitas/ })).toBeNull()
      const bars = [...chart.querySelectorAll('[data-series="revenue"] rect')]
      // The best day (R$ 229,80) is full height; the others in proportion.
      await expect(bars).toHaveLength(7)
      for (const [index, rect] of bars.entries()) {
        await expect(Number(rect.getAttribute("height"))).toBeCloseTo(
          (revenueByDay[index]! / 22_980) * 120,
          6,
        )
      }
      await expect(within(chart).getByText("Receita", { selector: "p span" })).toBeVisible()
    })
    await step("the table keeps the revenue of each day", async () => {
      const rows = within(canvas.getByRole("table", { name: "Números por dia" })).getAllByRole(
        "row",
      )
      await expect(rows[1]).toHaveTextContent("22/11")
      await expect(rows[1]).toHaveTextContent("R$ 229,80")
      await expect(rows[5]).toHaveTextContent("18/11")
      await expect(rows[5]).toHaveTextContent("R$ 149,90")
      await expect(stat(canvasElement, "Receita no período")).toHaveTextContent("R$ 559,10")
    })
    await step("the arrow keys go back to the counts", async () => {
      await userEvent.keyboard("{ArrowLeft}")
      await expect(
        within(chart).getByRole("tab", { name: "Visitas e novas assinaturas" }),
      ).toHaveFocus()
      await expect(
        within(chart).getByRole("img", { name: /175 visitas e 9 novas assinaturas/ }),
      ).toBeVisible()
      // The screenshot shows the revenue chart.
      await userEvent.click(within(chart).getByRole("tab", { name: "Receita" }))
    })
  },
}

export const NoVisitsYet: Story = {
  name: "Sem visitas ainda",
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
  name: "Trocar período",
  args: { view: { status: "ready", numbers: makeNumbers(30) }, days: 30 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Período")).toHaveValue("30")
    await userEvent.selectOptions(canvas.getByLabelText("Período"), "90")
    await expect(args.onDaysChange).toHaveBeenCalledWith(90)
  },
}
