import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Footer } from "./footer.tsx"
import { SupportButton } from "./support-button.tsx"

const meta = {
  title: "Componentes/Footer (rodapé)",
  component: Footer,
  args: { year: 2026 },
} satisfies Meta<typeof Footer>

export default meta
type Story = StoryObj<typeof meta>

export const CopyrightOnly: Story = {
  name: "Só os direitos reservados",
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole("contentinfo")
    await expect(footer).toHaveTextContent("© 2026 Closer. Todos os direitos reservados.")
  },
}

export const WithSupport: Story = {
  name: "Com botão de suporte",
  args: {
    action: (
      <SupportButton
        phone="5511999990000"
        message="Olá! Preciso de ajuda com a minha assinatura."
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole("contentinfo")
    await expect(within(footer).getByRole("link", { name: "Suporte" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/wa\.me\/5511999990000\?text=/),
    )
    await expect(footer).toHaveTextContent("© 2026 Closer. Todos os direitos reservados.")
  },
}
