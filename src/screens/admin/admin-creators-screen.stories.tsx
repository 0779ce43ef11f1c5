import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeAdminCreator } from "../../testing/fixtures/studio.ts"
import { AdminCreatorsScreen } from "./admin-creators-screen.tsx"
import { pageOf, studioStack } from "../../testing/story-helpers.tsx"

const creators = [
  makeAdminCreator(),
  makeAdminCreator({
    profileId: "profile-pausado",
    username: "demo.pausado",
    fullName: "Pietra Pausada",
    email: "criadora.pausado@demo.com.br",
    migrating: true,
    activeSubscribers: 1,
  }),
  makeAdminCreator({
    profileId: "profile-banida",
    username: "banida",
    fullName: "Conta Banida",
    email: "banida@exemplo.com.br",
    banned: true,
    activeSubscribers: 0,
  }),
]

const meta = {
  title: "Telas/Operação/Criadoras",
  tags: ["operação", "jornada-leads"],
  component: AdminCreatorsScreen,
  args: {
    view: { status: "ready", creators },
    query: "",
    onQueryChange: fn(),
    onRetry: fn(),
    onSetBanned: fn(async () => {}),
  },
  decorators: [studioStack],
} satisfies Meta<typeof AdminCreatorsScreen>

export default meta
type Story = StoryObj<typeof meta>

const card = (el: HTMLElement, username: string) =>
  within(el).getByRole("region", { name: `@${username}` })

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Houve um erro inesperado." } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nenhuma criadora encontrada",
  args: { view: { status: "ready", creators: [] }, query: "zzz" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Nenhuma criadora encontrada.")).toBeVisible()
  },
}

export const Filled: Story = {
  name: "Lista de criadoras",
  play: async ({ canvasElement, args }) => {
    const demo = card(canvasElement, "demo")
    await expect(demo).toHaveTextContent("Ana Demo")
    await expect(demo).toHaveTextContent("criadora@demo.com.br")
    await expect(demo).toHaveTextContent("42 assinantes ativos · desde 25/07/2026")
    await expect(card(canvasElement, "demo.pausado")).toHaveTextContent("Vendas pausadas")
    await expect(card(canvasElement, "demo.pausado")).toHaveTextContent("1 assinante ativo")
    await expect(card(canvasElement, "banida")).toHaveTextContent("Banida")
    await userEvent.type(
      within(canvasElement).getByLabelText("Buscar por usuário, nome ou e-mail"),
      "d",
    )
    await expect(args.onQueryChange).toHaveBeenCalledWith("d")
  },
}

export const Ban: Story = {
  name: "Banir criadora",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(card(canvasElement, "demo")).getByRole("button", { name: "Banir" }),
    )
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", { name: "Banir @demo?" })
    await expect(dialog).toHaveTextContent("nada mais é vendido e o estúdio dela fecha")
    await userEvent.click(within(dialog).getByRole("button", { name: "Banir" }))
    await waitFor(() => expect(args.onSetBanned).toHaveBeenCalledWith("profile-demo", true))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "@demo foi banida",
    )
  },
}

export const Reactivate: Story = {
  name: "Reativar criadora",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(card(canvasElement, "banida")).getByRole("button", { name: "Reativar" }),
    )
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Reativar @banida?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Reativar" }))
    await waitFor(() => expect(args.onSetBanned).toHaveBeenCalledWith("profile-banida", false))
  },
}
