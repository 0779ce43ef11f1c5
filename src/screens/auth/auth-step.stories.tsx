import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { AuthStep } from "./auth-step.tsx"

const meta = {
  title: "Telas/Conta e senha/Partes/Etapa do login",
  tags: ["seguidora", "jornada-senha"],
  component: AuthStep,
  args: {
    title: "Título da etapa",
    description: "Uma linha de explicação.",
    onSubmit: fn((event) => event.preventDefault()),
    submitLabel: "Continuar",
    submitting: false,
    children: <input aria-label="Campo" className="border border-line-strong" />,
    secondaryLink: { label: "Esqueci a senha", href: "/demo/auth/recovery/email" },
    backLink: { label: "Voltar para o login", href: "/demo/auth" },
  },
} satisfies Meta<typeof AuthStep>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Etapa",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("region", { name: "Título da etapa" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para o login" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(args.onSubmit).toHaveBeenCalledTimes(1)
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { submitting: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("textbox", { name: "Campo" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}
