import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { CheckoutSuccessScreen } from "./checkout-success-screen.tsx"

const meta = {
  title: "Telas/Assinar/Assinatura confirmada",
  tags: ["seguidora", "jornada-pix", "jornada-cartao"],
  component: CheckoutSuccessScreen,
  args: { creatorName: "Ana Demo", hasCode: true, onContinue: fn() },
} satisfies Meta<typeof CheckoutSuccessScreen>

export default meta
type Story = StoryObj<typeof meta>

export const WithCode: Story = {
  name: "Pagamento realizado, escolher senha",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Pagamento realizado com sucesso!" }),
    ).toBeVisible()
    await expect(canvas.getByText(/Agora escolha uma senha/)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(args.onContinue).toHaveBeenCalledTimes(1)
  },
}

export const WithoutCode: Story = {
  name: "Pagamento realizado",
  args: { hasCode: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Você já pode ver todo o conteúdo exclusivo/)).toBeVisible()
    await expect(canvas.queryByText(/escolha uma senha/)).not.toBeInTheDocument()
    canvas.getByRole("button", { name: "Continuar" }).focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onContinue).toHaveBeenCalledTimes(1)
  },
}
