import { useState, type ComponentProps } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { demoPlans } from "../testing/fixtures/profile.ts"
import { PlanPicker } from "./plan-picker.tsx"

const meta = {
  title: "Componentes/PlanPicker (Escolha um plano)",
  component: PlanPicker,
  args: { plans: demoPlans, value: "plan-monthly", onChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlanPicker>

export default meta
type Story = StoryObj<typeof meta>

/** Holds the choice, as a checkout form would. */
function Stateful(props: ComponentProps<typeof PlanPicker>) {
  const [value, setValue] = useState(props.value)
  return (
    <PlanPicker
      {...props}
      value={value}
      onChange={(id) => {
        setValue(id)
        props.onChange(id)
      }}
    />
  )
}

export const Default: Story = {
  name: "Plano escolhido",
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole("group", { name: "Escolha um plano" })
    const radios = within(group).getAllByRole("radio")
    await expect(radios).toHaveLength(3)
    await expect(within(group).getByRole("radio", { name: "Mensal" })).toBeChecked()
    const quarterly = within(group).getByRole("radio", { name: "Trimestral -10%" })
    await expect(quarterly).toHaveAccessibleDescription(/^R\$\s79,90\sR\$\s26,63\/mês$/)
    await expect(group).toHaveTextContent("Semestral-16%")
    await expect(group).toHaveTextContent(/R\$\s149,90R\$\s24,98\/mês/)
  },
}

export const NoneChosen: Story = {
  name: "Nenhum plano escolhido",
  args: { value: undefined },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole("radio")) {
      await expect(radio).not.toBeChecked()
    }
  },
}

export const ChoosesByClick: Story = {
  name: "Escolhe com clique",
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText("Semestral"))
    await expect(args.onChange).toHaveBeenCalledWith("plan-semiannual")
    await expect(canvas.getByRole("radio", { name: /Semestral/ })).toBeChecked()
  },
}

export const ChoosesWithArrowKeys: Story = {
  name: "Escolhe com as setas",
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole("radio", { name: "Mensal" })).toHaveFocus()
    await userEvent.keyboard("{ArrowDown}")
    await expect(args.onChange).toHaveBeenLastCalledWith("plan-quarterly")
    await expect(canvas.getByRole("radio", { name: /Trimestral/ })).toBeChecked()
    await userEvent.keyboard("{ArrowDown}")
    await expect(args.onChange).toHaveBeenLastCalledWith("plan-semiannual")
  },
}

export const Locked: Story = {
  name: "Bloqueado com pagamento em andamento",
  args: {
    value: "plan-quarterly",
    disabled: true,
    hint: "Você já tem um pagamento em andamento para este plano.",
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const group = canvas.getByRole("group", { name: "Escolha um plano" })
    await expect(group).toHaveAccessibleDescription(
      "Você já tem um pagamento em andamento para este plano.",
    )
    for (const radio of canvas.getAllByRole("radio")) await expect(radio).toBeDisabled()
    await userEvent.click(canvas.getByText("Semestral"))
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** A creator selling only the monthly plan: no discount pill, no per-month line. */
export const MonthlyOnly: Story = {
  name: "Só plano mensal",
  args: { plans: demoPlans.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("radio")).toHaveLength(1)
    await expect(canvas.queryByText(/\/mês/)).not.toBeInTheDocument()
    await expect(canvas.queryByText(/%/)).not.toBeInTheDocument()
  },
}

/** Longer plans priced above the monthly rate get no pill. */
export const NoDiscount: Story = {
  name: "Sem desconto",
  args: {
    plans: [
      { id: "m", name: "MONTHLY", valueCents: 1990 },
      { id: "q", name: "QUARTERLY", valueCents: 5970 },
    ],
    value: "q",
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/%/)).not.toBeInTheDocument()
    await expect(within(canvasElement).getByText("R$ 19,90/mês")).toBeVisible()
  },
}
