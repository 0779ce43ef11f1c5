import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { createTestClock } from "../../testing/fixtures/clock.ts"
import { CheckoutIdentification } from "./checkout-identification.tsx"

const clock = createTestClock()

const meta = {
  title: "Screens/Checkout/Parts/CheckoutIdentification",
  component: CheckoutIdentification,
  args: {
    clock,
    forgotPasswordHref: "/demo/auth/recovery/email",
    onCheckEmail: fn(async () => ({ isAvailable: true })),
    onLogin: fn(async () => {}),
    onIdentified: fn(),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
  beforeEach: () => clock.reset(),
} satisfies Meta<typeof CheckoutIdentification>

export default meta
type Story = StoryObj<typeof meta>

export const NewUser: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const email = canvas.getByRole("textbox", { name: "E-mail" })
    await userEvent.type(email, "nova@exemplo.com")
    await clock.advance(300)
    await waitFor(() =>
      expect(args.onIdentified).toHaveBeenCalledWith({
        typeAuth: "new_user",
        email: "nova@exemplo.com",
      }),
    )
    await expect(canvas.getByText(/Novo por aqui!/)).toBeVisible()
    // Editing the e-mail after it was accepted withdraws the identification.
    await userEvent.type(email, "{Backspace}{Backspace}{Backspace}{Backspace}")
    await expect(args.onIdentified).toHaveBeenLastCalledWith(null)
    await expect(canvas.queryByText(/Novo por aqui!/)).not.toBeInTheDocument()
  },
}

export const Locked: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Escolha um plano para continuar.")).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "E-mail" })).toBeDisabled()
    await expect(args.onCheckEmail).not.toHaveBeenCalled()
  },
}

export const SignedIn: Story = {
  args: { signedInEmail: "ana@exemplo.com" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Identificação" })).toBeVisible()
    await expect(canvas.getByText(/Comprando como/)).toHaveTextContent(
      "Comprando como ana@exemplo.com",
    )
    await expect(canvas.queryByRole("textbox")).not.toBeInTheDocument()
  },
}

export const EmptyPassword: Story = {
  args: { onCheckEmail: fn(async () => ({ isAvailable: false })) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), "ana@exemplo.com")
    await clock.advance(300)
    await userEvent.click(await canvas.findByRole("button", { name: "Continuar" }))
    await expect(await canvas.findByText("Obrigatório")).toBeVisible()
    await expect(args.onLogin).not.toHaveBeenCalled()
  },
}
