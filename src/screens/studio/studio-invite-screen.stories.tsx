import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { StudioInviteScreen } from "./studio-invite-screen.tsx"

const meta = {
  title: "Telas/Estúdio/Convite",
  tags: ["criadora", "jornada-estudio", "jornada-leads"],
  component: StudioInviteScreen,
  args: { view: { status: "opening" }, loginHref: "/studio/entrar" },
} satisfies Meta<typeof StudioInviteScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Opening: Story = {
  name: "Abrindo o convite",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Abrindo o seu convite…" })).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "Em seguida você escolhe a sua senha.",
    )
  },
}

export const Failed: Story = {
  name: "Erro ao abrir o convite",
  args: { view: { status: "error", message: "Senha incorreta" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { name: "Não conseguimos abrir o convite" }),
    ).toBeVisible()
    await expect(canvas.getByRole("alert")).toHaveTextContent("Senha incorreta")
    await expect(canvas.getByRole("link", { name: "Entrar no estúdio" })).toHaveAttribute(
      "href",
      "/studio/entrar",
    )
  },
}
