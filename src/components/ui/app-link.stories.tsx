import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { AppLink, NavigationProvider } from "./app-link.tsx"

const navigate = fn()

const meta = {
  title: "Componentes/UI/AppLink (link)",
  tags: ["autodocs"],
  component: AppLink,
  args: {
    href: "/demo/checkout",
    children: "Assinar Close Friends",
    className: "text-link underline",
  },
  parameters: { layout: "centered" },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof AppLink>

export default meta
type Story = StoryObj<typeof meta>

export const InternalLink: Story = {
  name: "Link interno",
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Assinar Close Friends" })
    await expect(link).toHaveAttribute("href", "/demo/checkout")
    await userEvent.click(link)
    await expect(navigate).toHaveBeenCalledWith("/demo/checkout")
  },
}

export const ExternalLink: Story = {
  name: "Link externo",
  args: {
    href: "https://wa.me/5511999999999",
    target: "_blank",
    rel: "noopener noreferrer",
    children: "Suporte",
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Suporte" })
    // Stop the browser from opening the tab only after the app had its chance to intercept.
    window.addEventListener("click", (event) => event.preventDefault(), { once: true })
    await userEvent.click(link)
    await expect(navigate).not.toHaveBeenCalled()
  },
}
