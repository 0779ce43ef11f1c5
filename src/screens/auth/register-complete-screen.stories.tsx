import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"
import { RegisterCompleteScreen } from "./register-complete-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Conta e senha/Cadastro concluído",
  tags: ["seguidora", "jornada-senha"],
  component: RegisterCompleteScreen,
  args: { username: "demo", paymentHref: "/demo/payment" },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <AuthShell profile={makeProfile()} backHref="/demo" year={2026}>
          <Story />
        </AuthShell>
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof RegisterCompleteScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Conta criada",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Conta criada com sucesso!" })).toBeVisible()
    await expect(canvas.getByText(/Close Friends de @demo/)).toBeVisible()
    await userEvent.click(canvas.getByRole("link", { name: "Continuar para o pagamento" }))
    await expect(navigate).toHaveBeenCalledWith("/demo/payment")
  },
}
