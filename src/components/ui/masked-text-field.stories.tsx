import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { MaskedTextField } from "./masked-text-field.tsx"

const meta = {
  title: "Componentes/UI/MaskedTextField (campo com máscara)",
  tags: ["autodocs"],
  component: MaskedTextField,
  args: { label: "CPF ou CNPJ", onChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MaskedTextField>

export default meta
type Story = StoryObj<typeof meta>

/** Types `typed` into the field named `label` and expects `shown` on screen. */
function masked(
  label: string,
  typed: string,
  shown: string,
  extra: Partial<Story["args"]> = {},
): Story {
  return {
    args: { label, ...extra },
    play: async ({ canvasElement, args }) => {
      const input = within(canvasElement).getByRole("textbox", { name: label })
      await userEvent.type(input, typed)
      await expect(input).toHaveValue(shown)
      await expect(args.onChange).toHaveBeenLastCalledWith(shown)
    },
  }
}

export const Instagram: Story = {
  name: "Instagram",
  ...masked("Instagram", "Ana.Demo_", "@ana.demo_", { mask: "instagram" }),
}
export const InstagramTypedAt: Story = {
  name: "Instagram digitado com @",
  ...masked("Instagram", "@demo", "@demo", { mask: "instagram" }),
}
export const Phone: Story = {
  name: "WhatsApp",
  ...masked("WhatsApp", "11987654321", "(11) 98765-4321", { mask: "phone" }),
}
export const Cpf: Story = {
  name: "CPF",
  ...masked("CPF ou CNPJ", "52998224725", "529.982.247-25", { mask: "person" }),
}
export const Cnpj: Story = {
  name: "CNPJ",
  ...masked("CPF ou CNPJ", "11222333000181", "11.222.333/0001-81", {
    mask: "person",
  }),
}
export const Zipcode: Story = {
  name: "CEP",
  ...masked("CEP", "01310100", "01310-100", { mask: "zipcode" }),
}
export const BirthDate: Story = {
  name: "Data de nascimento",
  ...masked("Data de nascimento", "31121990", "31/12/1990", {
    mask: "birthDate",
  }),
}
export const CardNumber: Story = {
  name: "Número do cartão",
  ...masked("Número do cartão", "4111111111111111", "4111 1111 1111 1111", {
    mask: "cardNumber",
  }),
}
export const CardNumberAmex: Story = {
  name: "Número do cartão Amex",
  ...masked("Número do cartão", "378282246310005", "3782 822463 10005", {
    mask: "cardNumber",
  }),
}
export const CardExpDate: Story = {
  name: "Validade do cartão",
  ...masked("Validade (MM/AA)", "1230", "12/30", { mask: "cardExpDate" }),
}
export const Cvv: Story = { name: "CVV", ...masked("CVV", "12345", "1234", { mask: "cvv" }) }
export const Code: Story = {
  name: "Código",
  ...masked("Código", "1234567", "123456", { mask: "code" }),
}

export const Clearable: Story = {
  name: "Com botão Limpar",
  args: { label: "WhatsApp", mask: "phone", defaultValue: "(11) 98765-4321" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole("textbox", { name: "WhatsApp" })
    await expect(input).toHaveValue("(11) 98765-4321")
    await expect(input).toHaveAttribute("inputmode", "tel")
    await userEvent.click(canvas.getByRole("button", { name: "Limpar" }))
    await expect(input).toHaveValue("")
    await expect(args.onChange).toHaveBeenLastCalledWith("")
  },
}

export const WithoutMask: Story = {
  name: "Sem máscara",
  args: { label: "Nome completo" },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Nome completo" })
    await userEvent.type(input, "Ana 123")
    await expect(input).toHaveValue("Ana 123")
    await expect(args.onChange).toHaveBeenLastCalledWith("Ana 123")
  },
}
