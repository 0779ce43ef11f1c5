import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { unsubscribeInvalidMessage } from "../../domain/notification-texts.ts"
import { UnsubscribeScreen } from "./unsubscribe-screen.tsx"

const meta = {
  title: "Telas/Minha conta/Descadastro de e-mails",
  tags: ["seguidora"],
  component: UnsubscribeScreen,
  parameters: { layout: "fullscreen" },
  args: {
    view: { status: "working" },
    profileHref: (username: string) => `/${username}`,
    homeHref: "/",
  },
} satisfies Meta<typeof UnsubscribeScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Working: Story = {
  name: "Descadastrando",
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Descadastrando")).toBeInTheDocument()
  },
}

export const Done: Story = {
  name: "E-mails desligados",
  args: {
    view: {
      status: "done",
      username: "demo",
      message: "Pronto! Você não receberá mais e-mails de novidades de @demo.",
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole("status")).toHaveTextContent(
      "Pronto! Você não receberá mais e-mails de novidades de @demo.",
    )
    await expect(page.getByRole("link", { name: "Ir para @demo" })).toHaveAttribute("href", "/demo")
  },
}

export const Invalid: Story = {
  name: "Link inválido",
  args: { view: { status: "invalid", message: unsubscribeInvalidMessage } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole("alert")).toHaveTextContent(unsubscribeInvalidMessage)
    await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/")
  },
}
