import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import type { CardFormOutput } from "../../domain/validation.ts"
import { typeCard } from "../../testing/fixtures/billing-cards.ts"
import { CardFormFields, useCardForm } from "./card-form-fields.tsx"

function CardForm({ onValid }: { onValid: (values: CardFormOutput) => void }) {
  const form = useCardForm()
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-4">
      <CardFormFields control={form.control} />
      <button
        type="submit"
        disabled={!form.formState.isValid}
        className="min-h-11 rounded-field bg-brand font-semibold text-on-brand disabled:opacity-50"
      >
        Pagar
      </button>
    </form>
  )
}

const meta = {
  title: "Telas/Assinar/Partes/Dados do cartão",
  tags: ["seguidora", "jornada-cartao"],
  component: CardForm,
  args: { onValid: fn() },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof CardForm>

export default meta
type Story = StoryObj<typeof meta>

export const Valid: Story = {
  name: "Dados válidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const field = (name: string) => canvas.getByRole("textbox", { name })
    await typeCard(canvasElement)
    await expect(field("CPF/CNPJ do titular da conta")).toHaveValue("111.444.777-35")
    await expect(field("Número do cartão")).toHaveValue("4111 1111 1111 1111")
    await expect(field("Nome impresso no cartão")).toHaveValue("ANA DEMO")
    await expect(field("Validade (MM/AA)")).toHaveValue("12/35")
    const pay = canvas.getByRole("button", { name: "Pagar" })
    await waitFor(() => expect(pay).toBeEnabled())
    await userEvent.click(pay)
    await waitFor(() =>
      expect(args.onValid).toHaveBeenCalledWith(
        {
          accountName: "ANA DEMO",
          accountDocument: "11144477735",
          cardNumber: "4111111111111111",
          cardHolderName: "ANA DEMO",
          cardExpDate: "12/35",
          cardCVV: "123",
        },
        expect.anything(),
      ),
    )
  },
}

export const Invalid: Story = {
  name: "Dados inválidos",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await typeCard(canvasElement, {
      accountDocument: "11111111111",
      cardNumber: "4111111111111112",
      cardExpDate: "1320",
    })
    await userEvent.tab()
    await expect(await canvas.findByText("Documento inválido")).toBeVisible()
    await expect(canvas.getByText("Número do cartão inválido")).toBeVisible()
    await expect(canvas.getByText("Data de expiração inválida")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Pagar" })).toBeDisabled()
    await expect(args.onValid).not.toHaveBeenCalled()
  },
}
