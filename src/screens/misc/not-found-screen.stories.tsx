import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { NotFoundScreen } from "./not-found-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Outras/Página não encontrada",
  tags: ["seguidora"],
  component: NotFoundScreen,
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof NotFoundScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Página não encontrada",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const heading = canvas.getByRole("heading", { level: 1, name: "Página não encontrada" })
    await expect(heading).toHaveAttribute("tabindex", "-1")
    await expect(canvas.getByText(/não existe ou mudou de lugar/)).toBeVisible()

    await step("the way back to the start works by keyboard", async () => {
      const back = canvas.getByRole("link", { name: "Voltar para o início" })
      await expect(back).toHaveAttribute("href", "/")
      await expect(back.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
      await userEvent.tab()
      await expect(canvas.getByRole("link", { name: "Closer" })).toHaveFocus()
      await userEvent.tab()
      await expect(back).toHaveFocus()
      await userEvent.keyboard("{Enter}")
      await expect(navigate).toHaveBeenCalledWith("/")
    })
  },
}
