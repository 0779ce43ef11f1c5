import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { SiteHeader } from "./site-header.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Outras/Partes/Cabeçalho do site",
  component: SiteHeader,
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof SiteHeader>

export default meta
type Story = StoryObj<typeof meta>

export const LogoOnly: Story = {
  name: "Só a marca",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("banner")).toBeVisible()
    await userEvent.click(canvas.getByRole("link", { name: "Closer" }))
    await expect(navigate).toHaveBeenCalledWith("/")
  },
}

export const WithActions: Story = {
  name: "Com ações",
  args: { actions: <Button variant="secondary">Suporte</Button> },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("banner")
    await expect(within(banner).getByRole("button", { name: "Suporte" })).toBeVisible()
  },
}
