import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Stepper } from "./stepper.tsx"

const meta = {
  title: "Componentes/Stepper (etapas)",
  component: Stepper,
  args: { current: 2 },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Stepper>

export default meta
type Story = StoryObj<typeof meta>

const current = (root: HTMLElement) =>
  within(root)
    .getAllByRole("listitem")
    .filter((li) => li.getAttribute("aria-current") === "step")

export const Login: Story = {
  name: "Etapa Login",
  args: { current: 1 },
  play: async ({ canvasElement }) => {
    const steps = within(canvasElement).getAllByRole("listitem")
    await expect(steps.map((s) => s.textContent)).toEqual(["1Login", "2Pagamento", "3Confirmação"])
    await expect(current(canvasElement)).toEqual([steps[0]])
  },
}

export const Payment: Story = {
  name: "Etapa Pagamento",
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "Etapas da assinatura" })
    const [login, payment] = within(list).getAllByRole("listitem")
    await expect(payment).toHaveAttribute("aria-current", "step")
    await expect(login).toHaveTextContent("Login (concluída)")
  },
}

export const Confirmation: Story = {
  name: "Etapa Confirmação",
  args: { current: 3 },
  play: async ({ canvasElement }) => {
    const [step] = current(canvasElement)
    await expect(step).toHaveTextContent("Confirmação")
  },
}
