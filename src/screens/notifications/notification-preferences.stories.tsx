import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { NotificationPreferences } from "./notification-preferences.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Avisos de novidades",
  tags: ["seguidora"],
  component: NotificationPreferences,
  args: {
    view: {
      status: "ready",
      creators: [
        { username: "demo", fullName: "Demo Criadora", enabled: true, email: true },
        { username: "luana", fullName: "Luana Praia", enabled: false, email: false },
      ],
    },
    onRetry: fn(),
    onChange: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationPreferences>

export default meta
type Story = StoryObj<typeof meta>

const region = (el: HTMLElement) =>
  within(within(el).getByRole("region", { name: "Avisos de novidades" }))

export const Creators: Story = {
  name: "Criadoras com e sem aviso",
  play: async ({ canvasElement, args }) => {
    const page = region(canvasElement)
    await expect(page.getByRole("switch", { name: "@demo" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    const luana = page.getByRole("switch", { name: "@luana" })
    await expect(luana).toHaveAttribute("aria-checked", "false")
    await expect(page.getByText("Luana Praia")).toBeVisible()
    await userEvent.click(luana)
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith("luana", true))
    await expect(page.getByText(/nunca o quê/)).toBeVisible()
  },
}

export const EmailUnsubscribed: Story = {
  name: "E-mails desligados pelo link do e-mail",
  args: {
    view: {
      status: "ready",
      creators: [{ username: "demo", fullName: "Demo Criadora", enabled: true, email: false }],
    },
  },
  play: async ({ canvasElement }) => {
    const page = region(canvasElement)
    // Push goes on: the switch stays on, and the line says the e-mails are off.
    await expect(page.getByRole("switch", { name: "@demo" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    await expect(page.getByText("Demo Criadora · e-mails desligados")).toBeVisible()
  },
}

export const Empty: Story = {
  name: "Nenhuma assinatura",
  args: { view: { status: "ready", creators: [] } },
  play: async ({ canvasElement }) => {
    await expect(
      region(canvasElement).getByText("Você ainda não assina nenhuma criadora."),
    ).toBeVisible()
    await expect(region(canvasElement).queryByRole("switch")).toBeNull()
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(region(canvasElement).getByText("Carregando")).toBeInTheDocument()
    await expect(region(canvasElement).queryByRole("switch")).toBeNull()
  },
}

export const LoadFailed: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Não foi possível carregar. Tente de novo." } },
  play: async ({ canvasElement, args }) => {
    const page = region(canvasElement)
    await expect(page.getByText("Não foi possível carregar. Tente de novo.")).toBeVisible()
    await userEvent.click(page.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}
