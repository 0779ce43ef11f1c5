import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { formatBRL } from "../../domain/money.ts"
import { PixKindPicker } from "./pix-kind-picker.tsx"

const meta = {
  title: "Telas/Comprar com Pix/Partes/Tipo de Pix",
  tags: ["seguidora", "jornada-pix", "jornada-pix-automatico"],
  component: PixKindPicker,
  args: { planName: "MONTHLY", amountCents: 2189, value: "automatic", onChange: fn() },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PixKindPicker>

export default meta
type Story = StoryObj<typeof meta>

export const Monthly: Story = {
  name: "Mensal",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Como pagar com Pix" })).toBeVisible()
    const automatic = canvas.getByRole("radio", { name: "Pix Automático (renova sozinho)" })
    await expect(automatic).toBeChecked()
    await expect(automatic).toHaveAccessibleDescription(
      `${formatBRL(2189)} todo mês (MENSAL). Você autoriza uma vez no app do seu banco, que avisa antes de cada débito. Cancele quando quiser, até o dia anterior ao débito.`,
    )
    const single = canvas.getByRole("radio", { name: "Pix avulso" })
    await expect(single).toHaveAccessibleDescription(
      `${formatBRL(2189)} só para este período. Para renovar, você paga um novo Pix.`,
    )
    await userEvent.click(single)
    await expect(args.onChange).toHaveBeenCalledWith("single")
  },
}

export const Quarterly: Story = {
  name: "Trimestral, Pix avulso",
  args: { planName: "QUARTERLY", amountCents: 5589, value: "single" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("radio", { name: "Pix avulso" })).toBeChecked()
    await expect(
      canvas.getByRole("radio", { name: "Pix Automático (renova sozinho)" }),
    ).toHaveAccessibleDescription(/^R\$\s55,89 a cada 3 meses \(TRIMESTRAL\)\./)
  },
}

export const Semiannual: Story = {
  name: "Semestral, desabilitado",
  args: { planName: "SEMIANNUAL", amountCents: 9999, disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("radio", { name: "Pix Automático (renova sozinho)" }),
    ).toHaveAccessibleDescription(/a cada 6 meses \(SEMESTRAL\)/)
    await expect(canvas.getByRole("group", { name: "Como pagar com Pix" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("radio", { name: "Pix avulso" }))
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}
