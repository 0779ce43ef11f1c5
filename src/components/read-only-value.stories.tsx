import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { ReadOnlyValue } from "./read-only-value.tsx"

const pixCode =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406" +
  "29.905802BR5913ANA DEMO SILVA6009SAO PAULO62070503***6304ABCD"

const meta = {
  title: "Componentes/ReadOnlyValue (valor para copiar)",
  component: ReadOnlyValue,
  args: { label: "Código Pix copia e cola", value: pixCode, rows: 4 },
  decorators: [
    (Story) => (
      <div className="max-w-md bg-canvas p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReadOnlyValue>

export default meta
type Story = StoryObj<typeof meta>

/** A tap into the code selects all of it, ready to copy; it cannot be edited by mistake. */
export const PixCode: Story = {
  name: "Código Pix",
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "Código Pix copia e cola" })
    await expect(field).toHaveAttribute("readonly")
    await expect(field).toHaveValue(pixCode)
    await userEvent.click(field)
    await expect(field).toHaveFocus()
    const textarea = field as HTMLTextAreaElement
    const selection = () => [textarea.selectionStart, textarea.selectionEnd]
    await expect(selection()).toEqual([0, pixCode.length])
    await userEvent.type(field, "x")
    await expect(field).toHaveValue(pixCode)
    // Reached by the keyboard, it is selected whole too.
    textarea.blur()
    textarea.setSelectionRange(0, 0)
    await userEvent.tab()
    await expect(field).toHaveFocus()
    await expect(selection()).toEqual([0, pixCode.length])
  },
}

/** A short key in one row, on the page's lighter background. */
export const PixKeyOnSurface: Story = {
  name: "Chave Pix sobre a página",
  args: { label: "Chave PIX", value: "ana.demo@exemplo.com.br", rows: 1, tone: "surface" },
  decorators: [
    (Story) => (
      <div className="bg-surface">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "Chave PIX" })
    await expect(field).toHaveAttribute("rows", "1")
    await expect(field).toHaveClass("bg-surface")
  },
}
