import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { OnDemandForm } from "./on-demand-form.tsx"

type CardModule = { title: string }

const meta = {
  title: "Componentes/OnDemandForm (formulário sob demanda)",
  component: OnDemandForm<CardModule>,
  args: {
    part: { module: null, failed: false, retry: fn() },
    label: "os dados do cartão",
    fields: 6,
    children: (module: CardModule) => (
      <fieldset>
        <legend>{module.title}</legend>
      </fieldset>
    ),
  },
  decorators: [
    (Story) => (
      <main className="max-w-md p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof OnDemandForm<CardModule>>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  name: "Carregando",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Carregando os dados do cartão")
    // About the form's height: a placeholder per field.
    await expect(canvasElement.querySelectorAll("[data-slot=skeleton]")).toHaveLength(13)
    await expect(canvas.queryByRole("group")).not.toBeInTheDocument()
  },
}

export const Failed: Story = {
  name: "Erro ao carregar",
  args: { part: { module: null, failed: true, retry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Não foi possível carregar os dados do cartão. Verifique sua conexão.",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.part.retry).toHaveBeenCalledTimes(1)
  },
}

export const Loaded: Story = {
  name: "Formulário carregado",
  args: { part: { module: { title: "Dados do cartão" }, failed: false, retry: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Dados do cartão" })).toBeVisible()
    await expect(canvas.queryByRole("status")).not.toBeInTheDocument()
  },
}
