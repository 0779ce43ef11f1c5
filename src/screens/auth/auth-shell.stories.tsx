import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"

const meta = {
  title: "Screens/Auth/AuthShell",
  component: AuthShell,
  args: {
    profile: makeProfile(),
    backHref: "/demo",
    year: 2026,
    children: <p>Etapa de login</p>,
  },
} satisfies Meta<typeof AuthShell>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Ana Demo" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/demo")
    await expect(canvas.getByText("@demo")).toBeVisible()
    await expect(canvas.getByRole("img", { name: "Perfil verificado" })).toBeVisible()
    await expect(canvas.getByText(/Bastidores, rotina e conteúdo/)).toBeVisible()
    await expect(canvas.getByRole("main")).toHaveTextContent("Etapa de login")
    await expect(canvas.getByRole("contentinfo")).toHaveTextContent("© 2026 Closer.")
  },
}

export const NotVerifiedWithoutBio: Story = {
  args: { profile: makeProfile({ verified: false, bio: "" }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("img", { name: "Perfil verificado" })).toBeNull()
    await expect(canvas.queryByText(/Bastidores/)).toBeNull()
  },
}

export const Desktop: Story = {
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole("main")
    // One readable column in the middle of a wide screen.
    await expect(main.getBoundingClientRect().width).toBeLessThanOrEqual(448)
    await expect(main.getBoundingClientRect().left).toBeGreaterThan(300)
  },
}
