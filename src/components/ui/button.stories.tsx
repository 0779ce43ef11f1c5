import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Button } from "./button.tsx"

const meta = {
  title: "Componentes/UI/Button (botão)",
  tags: ["autodocs"],
  component: Button,
  args: { children: "Continuar", onClick: fn() },
  parameters: { layout: "centered" },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

/** A variant's button: its name, a touch target of at least 44 x 44 px, and a click that acts. */
async function expectTappable(canvasElement: HTMLElement, name: string, onClick: unknown) {
  const button = within(canvasElement).getByRole("button", { name })
  const box = button.getBoundingClientRect()
  await expect(box.height).toBeGreaterThanOrEqual(44)
  await expect(box.width).toBeGreaterThanOrEqual(44)
  await expect(button).toHaveAttribute("type", "button")
  await userEvent.click(button)
  await expect(onClick).toHaveBeenCalledTimes(1)
  return button
}

export const Primary: Story = {
  name: "Principal",
  play: async ({ canvasElement, args }) => {
    await expectTappable(canvasElement, "Continuar", args.onClick)
  },
}

export const Secondary: Story = {
  name: "Secundário",
  args: { variant: "secondary", children: "Já sou assinante" },
  play: async ({ canvasElement, args }) => {
    const button = await expectTappable(canvasElement, "Já sou assinante", args.onClick)
    await expect(getComputedStyle(button).borderTopWidth).toBe("1px")
  },
}

/** Looks like a link, but a thumb still gets 44 px to hit, even around a short word. */
export const Link: Story = {
  name: "Link",
  args: { variant: "link", children: "Esqueci a senha" },
  play: async ({ canvasElement, args }) => {
    const button = await expectTappable(canvasElement, "Esqueci a senha", args.onClick)
    await expect(getComputedStyle(button).backgroundColor).toBe("rgba(0, 0, 0, 0)")
    await expect(getComputedStyle(button).textUnderlineOffset).toBe("4px")
  },
}

export const ShortLink: Story = {
  name: "Link curto",
  args: { variant: "link", children: "Sair" },
  play: async ({ canvasElement, args }) => {
    await expectTappable(canvasElement, "Sair", args.onClick)
  },
}

export const Ghost: Story = {
  name: "Discreto",
  args: { variant: "ghost", children: "Voltar" },
  play: async ({ canvasElement, args }) => {
    const button = await expectTappable(canvasElement, "Voltar", args.onClick)
    await expect(getComputedStyle(button).backgroundColor).toBe("rgba(0, 0, 0, 0)")
  },
}

export const Loading: Story = {
  name: "Enviando",
  args: { loading: true, children: "Enviando" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Enviando" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await userEvent.click(button)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  name: "Desabilitado",
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Continuar" })
    await expect(button).toBeDisabled()
    await userEvent.click(button)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}
