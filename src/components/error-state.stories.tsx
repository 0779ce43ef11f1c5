import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { SUBSCRIPTION_LOAD_ERROR, UNEXPECTED_ERROR } from "../domain/messages.ts"
import { ErrorState } from "./error-state.tsx"

const meta = {
  title: "Componentes/ErrorState (Tentar novamente)",
  component: ErrorState,
  args: { message: SUBSCRIPTION_LOAD_ERROR, onRetry: fn() },
} satisfies Meta<typeof ErrorState>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Erro ao carregar",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Erro ao carregar os dados de assinatura",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const WithTitle: Story = {
  name: "Com título",
  args: { title: "Algo deu errado", message: UNEXPECTED_ERROR },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent("Algo deu errado")
    await expect(alert).toHaveTextContent("Houve um erro inesperado.")
  },
}

export const Retrying: Story = {
  name: "Tentando novamente",
  args: { retrying: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Tentar novamente" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await userEvent.click(button)
    await expect(args.onRetry).not.toHaveBeenCalled()
  },
}

export const WithoutRetry: Story = {
  name: "Sem tentar novamente",
  args: { onRetry: undefined, message: UNEXPECTED_ERROR },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).not.toBeInTheDocument()
  },
}
