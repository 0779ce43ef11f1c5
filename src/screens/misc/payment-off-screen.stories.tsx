import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { PaymentOffScreen } from "./payment-off-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Outras/Vendas pausadas",
  tags: ["seguidora"],
  component: PaymentOffScreen,
  args: { creatorName: "Ana Demo", loginHref: "/demo/auth", settingsHref: "/demo/setting" },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof PaymentOffScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Vendas pausadas",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step("explains the pause", async () => {
      await expect(canvas.getByRole("heading", { level: 1, name: "Ana Demo" })).toBeVisible()
      await expect(
        canvas.getByRole("heading", { level: 2, name: "As vendas estão pausadas" }),
      ).toBeVisible()
      await expect(canvas.getByText(/só quem já era assinante/)).toBeVisible()
      await expect(canvas.getByText(/Novas vagas serão abertas em breve/)).toBeVisible()
    })
    await step("settings and login links", async () => {
      await userEvent.click(canvas.getByRole("link", { name: "Minha conta" }))
      await expect(navigate).toHaveBeenLastCalledWith("/demo/setting")
      await userEvent.click(canvas.getByRole("link", { name: "Voltar para o login" }))
      await expect(navigate).toHaveBeenLastCalledWith("/demo/auth")
    })
  },
}
