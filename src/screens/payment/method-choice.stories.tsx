import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, within } from "storybook/test"
import { boletoOption, MethodChoice, type MethodChoiceProps } from "./method-choice.tsx"

type Method = "credit_card" | "boleto"
const options = [
  { value: "credit_card", label: "Cartão de crédito", note: "aprovado na hora" },
  boletoOption,
] as const

function Controlled(props: MethodChoiceProps<Method>) {
  const [value, setValue] = useState<Method>(props.value)
  return (
    <main className="p-4">
      <MethodChoice
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange(next)
        }}
      />
    </main>
  )
}

const meta = {
  title: "Telas/Pagamento/Partes/Escolha da forma",
  tags: ["seguidora", "jornada-boleto"],
  component: MethodChoice<Method>,
  render: (args) => <Controlled {...args} />,
  args: { options, value: "credit_card", onChange: fn() },
} satisfies Meta<typeof MethodChoice<Method>>

export default meta
type Story = StoryObj<typeof meta>

/** Each way to pay with its approval note; the arrow keys move between them. */
export const ChooseBoleto: Story = {
  name: "Escolher boleto",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const card = canvas.getByRole("radio", { name: "Cartão de crédito" })
    const boleto = canvas.getByRole("radio", { name: "Boleto" })
    await expect(canvas.getByRole("group", { name: "Como você quer pagar" })).toBeVisible()
    await expect(card).toBeChecked()
    await expect(card).toHaveAccessibleDescription("aprovado na hora")
    await expect(boleto).toHaveAccessibleDescription("aprovado em 1 a 3 dias")
    await userEvent.click(boleto)
    await expect(args.onChange).toHaveBeenLastCalledWith("boleto")
    await expect(boleto).toBeChecked()
    await userEvent.keyboard("{ArrowUp}")
    await expect(card).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith("credit_card")
  },
}

/** While a payment is being made nothing can be switched. */
export const Disabled: Story = {
  name: "Desabilitado",
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("radio", { name: "Boleto" })).toBeDisabled()
    await expect(canvas.getByRole("radio", { name: "Cartão de crédito" })).toBeDisabled()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}
