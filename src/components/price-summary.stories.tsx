import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { demoPlans } from "../testing/fixtures/profile.ts"
import { PriceSummary } from "./price-summary.tsx"

const [monthly, quarterly, semiannual] = demoPlans

const meta = {
  title: "Componentes/PriceSummary (Resumo da compra)",
  component: PriceSummary,
  args: { plan: monthly! },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PriceSummary>

export default meta
type Story = StoryObj<typeof meta>

/** Reads each row as "label amount", whatever space Intl puts after "R$". */
const rows = (root: HTMLElement) =>
  [...root.querySelectorAll("dl > div")].map((row) =>
    [...row.children].map((cell) => cell.textContent?.replace(/\s/g, " ")).join(" "),
  )

export const Monthly: Story = {
  name: "Mensal",
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("region", { name: "Resumo da compra" }),
    ).toBeVisible()
    await expect(rows(canvasElement)).toEqual([
      "Assinatura mensal R$ 29,90",
      "Taxa de serviço R$ 1,99",
      "Total R$ 31,89",
    ])
  },
}

export const Quarterly: Story = {
  name: "Trimestral",
  args: { plan: quarterly! },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      "Assinatura trimestral R$ 79,90",
      "Taxa de serviço R$ 1,99",
      "Total R$ 81,89",
    ])
  },
}

export const Semiannual: Story = {
  name: "Semestral",
  args: { plan: semiannual! },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement).at(-1)).toBe("Total R$ 151,89")
  },
}

export const FreeTrial: Story = {
  name: "Teste grátis",
  args: {
    coupon: {
      code: "TESTE7",
      label: "7 dias grátis",
      firstChargeCents: 3189,
      trialEndsAt: "2026-12-05T15:00:00.000Z",
    },
  },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      "Assinatura mensal R$ 29,90",
      "Taxa de serviço R$ 1,99",
      "Cupom TESTE7 7 dias grátis",
      "Total hoje R$ 0,00",
      "A partir de 05/12/2026 R$ 31,89",
    ])
    await expect(canvasElement.querySelector("s")).toBeNull()
  },
}
