import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { checkoutMethods, PaymentMethodPicker } from "./payment-method-picker.tsx"

const meta = {
  title: "Telas/Assinar/Partes/Forma de pagamento",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto"],
  component: PaymentMethodPicker,
  args: {
    methods: checkoutMethods(["pix", "credit_card", "boleto", "link"]),
    value: "pix",
    onChange: fn(),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PaymentMethodPicker>

export default meta
type Story = StoryObj<typeof meta>

export const AllMethods: Story = {
  name: "Todas as formas",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const radios = canvas.getAllByRole("radio")
    // "link" and "boleto" are not checkout methods: a boleto is paid from the payment page.
    await expect(radios).toHaveLength(2)
    await expect(canvas.queryByRole("radio", { name: "Boleto" })).not.toBeInTheDocument()
    await expect(canvas.getByRole("radio", { name: "Pix" })).toHaveAccessibleDescription(
      "aprovado na hora",
    )
    await userEvent.click(canvas.getByRole("radio", { name: "Cartão de crédito" }))
    await expect(args.onChange).toHaveBeenCalledWith("credit_card")
  },
}

export const Locked: Story = {
  name: "Bloqueado sem identificação",
  args: { disabled: true, hint: "Identifique-se para escolher a forma de pagamento." },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Forma de pagamento" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("radio", { name: "Cartão de crédito" }))
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}
