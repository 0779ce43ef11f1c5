import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { pageOf } from "../../testing/story-helpers.tsx"
import { LogoutEverywhereItem } from "./logout-everywhere-item.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Sair de todos os aparelhos",
  tags: ["seguidora"],
  component: LogoutEverywhereItem,
  args: {
    onLogoutEverywhere: fn(async () => undefined),
    className: "flex min-h-12 w-full items-center gap-3 px-4 text-left font-semibold",
  },
  decorators: [
    (Story) => (
      <ul className="mx-auto max-w-md rounded-card border border-line bg-surface">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof LogoutEverywhereItem>

export default meta
type Story = StoryObj<typeof meta>

const never = () => new Promise<never>(() => undefined)
const dialogName = "Sair de todos os dispositivos?"

async function openConfirmation(el: HTMLElement) {
  await userEvent.click(within(el).getByRole("button", { name: "Sair de todos os dispositivos" }))
  return pageOf(el).findByRole("alertdialog", { name: dialogName })
}

export const Idle: Story = {
  name: "Sair de todos os dispositivos",
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", {
      name: "Sair de todos os dispositivos",
    })
    await expect(button).toBeEnabled()
    await expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull()
    await expect(args.onLogoutEverywhere).not.toHaveBeenCalled()
  },
}

/** Asks first, and says what happens: this device too. "Voltar" changes nothing. */
export const Confirming: Story = {
  name: "Confirmar saída",
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement)
    await expect(dialog).toHaveTextContent(
      "Você sai desta conta em todos os celulares, computadores e navegadores, inclusive neste.",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Voltar" }))
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull())
    await expect(args.onLogoutEverywhere).not.toHaveBeenCalled()
  },
}

export const Sending: Story = {
  name: "Saindo",
  args: { onLogoutEverywhere: fn(never) },
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement)
    // The sheet slides in from transparent: it is seen once its opening has run.
    await waitFor(() => expect(dialog).toBeVisible())
    const confirm = within(dialog).getByRole("button", { name: "Sair de todos" })
    await userEvent.click(confirm)
    await expect(args.onLogoutEverywhere).toHaveBeenCalledTimes(1)
    await expect(confirm).toHaveAttribute("aria-busy", "true")
    await expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeDisabled()
    // While it runs the dialog stays: Escape does not hide what is happening.
    await userEvent.keyboard("{Escape}")
    await expect(pageOf(canvasElement).getByRole("alertdialog", { name: dialogName })).toBe(dialog)
    await expect(dialog).toHaveAttribute("data-state", "open")
    await expect(dialog).toBeVisible()
  },
}

export const Done: Story = {
  name: "Saiu de todos",
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement)
    await userEvent.click(within(dialog).getByRole("button", { name: "Sair de todos" }))
    await expect(args.onLogoutEverywhere).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull())
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
  },
}

export const Failed: Story = {
  name: "Erro ao sair",
  args: {
    onLogoutEverywhere: fn(async () => {
      throw new Error("Não foi possível conectar. Verifique a sua internet e tente novamente.")
    }),
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement)
    await userEvent.click(within(dialog).getByRole("button", { name: "Sair de todos" }))
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    )
    await expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull()
    // It can be tried again.
    await openConfirmation(canvasElement)
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
    await expect(args.onLogoutEverywhere).toHaveBeenCalledTimes(1)
  },
}
