import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { StudioShell, adminNav, studioNav } from "./studio-shell.tsx"

const navigate = fn()

const meta = {
  title: "Screens/Studio/StudioShell",
  component: StudioShell,
  args: {
    title: "Planos",
    area: "Estúdio",
    nav: studioNav(),
    current: "planos",
    publicHref: "/demo",
    onLogout: fn(),
    children: <p>Conteúdo da seção</p>,
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof StudioShell>

export default meta
type Story = StoryObj<typeof meta>

export const Creator: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Planos" })).toBeVisible()
    const nav = canvas.getByRole("navigation", { name: "Estúdio" })
    const links = within(nav).getAllByRole("link")
    await expect(links.map((link) => link.textContent)).toEqual([
      "Números",
      "Perfil",
      "Planos",
      "Recebimento",
      "Conteúdo",
      "Assinantes",
    ])
    await expect(within(nav).getByRole("link", { name: "Planos" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await userEvent.click(within(nav).getByRole("link", { name: "Assinantes" }))
    await expect(navigate).toHaveBeenCalledWith("/studio/assinantes")
    await userEvent.click(canvas.getByRole("link", { name: "Ver minha página" }))
    await expect(navigate).toHaveBeenCalledWith("/demo")
    await userEvent.click(canvas.getByRole("button", { name: "Sair" }))
    await expect(args.onLogout).toHaveBeenCalled()
  },
}

export const Operator: Story = {
  args: {
    title: "Leads",
    area: "Operação",
    nav: adminNav(),
    current: "leads",
    publicHref: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const nav = canvas.getByRole("navigation", { name: "Operação" })
    await expect(within(nav).getByRole("link", { name: "Leads" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await expect(within(nav).getByRole("link", { name: "Auditoria de pagamentos" })).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Ver minha página" })).toBeNull()
  },
}

export const Desktop: Story = {
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Conteúdo da seção")).toBeVisible()
  },
}
