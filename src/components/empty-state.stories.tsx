import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { EmptyState } from "./empty-state.tsx"
import { LockIcon } from "./ui/icons.tsx"

const meta = {
  title: "Componentes/EmptyState (nada por aqui)",
  component: EmptyState,
  args: { message: "Nenhuma foto publicada ainda." },
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const MessageOnly: Story = {
  name: "Só a mensagem",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Nenhuma foto publicada ainda.")).toBeVisible()
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument()
  },
}

export const WithAction: Story = {
  name: "Com botão de ação",
  args: {
    icon: <LockIcon />,
    title: "Conteúdo exclusivo",
    message: "Assine para ver as fotos e os stories de @demo.",
    actionLabel: "Assinar Close Friends",
    onAction: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Conteúdo exclusivo" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Assinar Close Friends" }))
    await expect(args.onAction).toHaveBeenCalledTimes(1)
  },
}

export const WithLink: Story = {
  name: "Com link",
  args: {
    message: "Você ainda não tem uma assinatura.",
    actionLabel: "Escolher um plano",
    actionHref: "/demo/checkout",
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("link", { name: "Escolher um plano" }),
    ).toHaveAttribute("href", "/demo/checkout")
  },
}
