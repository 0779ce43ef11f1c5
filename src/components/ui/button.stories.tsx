import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Button } from "./button.tsx"

const meta = {
  title: "UI/Button",
  component: Button,
  args: { children: "Continuar", onClick: fn() },
  parameters: { layout: "centered" },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Continuar" })
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const Secondary: Story = { args: { variant: "secondary", children: "Já sou assinante" } }

export const Link: Story = { args: { variant: "link", children: "Esqueci a senha" } }

export const Ghost: Story = { args: { variant: "ghost", children: "Voltar" } }

export const Loading: Story = {
  args: { loading: true, children: "Enviando" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Enviando" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await userEvent.click(button)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Continuar" })
    await expect(button).toBeDisabled()
    await userEvent.click(button)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}
