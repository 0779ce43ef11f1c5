import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { SupportButton } from "./support-button.tsx"
import { supportChatUrl } from "./support-link.ts"

const meta = {
  title: "Componentes/SupportButton (Suporte)",
  component: SupportButton,
  args: { phone: "55 (11) 99999-0000", message: "Olá! Preciso de ajuda com a minha assinatura." },
  parameters: { layout: "centered" },
} satisfies Meta<typeof SupportButton>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Suporte",
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Suporte" })
    await expect(link).toHaveAttribute(
      "href",
      "https://wa.me/5511999990000?text=Ol%C3%A1!%20Preciso%20de%20ajuda%20com%20a%20minha%20assinatura.",
    )
    await expect(link).toHaveAttribute("target", "_blank")
    await expect(link).toHaveAttribute("rel", "noopener noreferrer")
  },
}

/** The landing page's second chat button. */
export const WantToCreateAccount: Story = {
  name: "Quero criar minha conta",
  args: {
    variant: "primary",
    message: "Olá! Quero criar o meu Close Friends.",
    children: "Quero criar minha conta",
  },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole("link", { name: "Quero criar minha conta" })
    await expect(link).toHaveAttribute("href", supportChatUrl(args.phone, args.message))
  },
}

export const Block: Story = {
  name: "Largura total",
  args: { block: true },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Suporte" })
    // As wide as its column (w-80), and a full touch target high.
    await expect(link.getBoundingClientRect().width).toBe(320)
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
  },
}
