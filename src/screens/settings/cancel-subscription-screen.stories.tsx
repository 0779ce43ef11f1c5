import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { CancelSubscriptionScreen } from "./cancel-subscription-screen.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Minha conta/Cancelar Assinatura",
  tags: ["seguidora", "jornada-cancelar"],
  component: CancelSubscriptionScreen,
  args: {
    view: { status: "ready", subscription: makeSubscription() },
    backHref: "/demo/setting",
    onRetry: fn(),
    onConfirmCancel: fn(async () => ({})),
  },
} satisfies Meta<typeof CancelSubscriptionScreen>

export default meta
type Story = StoryObj<typeof meta>

async function confirm(el: HTMLElement) {
  await userEvent.click(within(el).getByRole("button", { name: "Cancelar assinatura" }))
  const dialog = await pageOf(el).findByRole("alertdialog", {
    name: "Tem certeza que deseja cancelar sua assinatura?",
  })
  await userEvent.click(within(dialog).getByRole("button", { name: "Sim, cancelar" }))
}

export const Default: Story = {
  name: "Cancelar assinatura",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Cancelar Assinatura" }),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
    await expect(canvas.getByText(/a sua assinatura será encerrada/)).toBeVisible()
    await expect(canvas.getByText(/Você continua com acesso até/)).toHaveTextContent("12/12/2026")
    await expect(canvas.getByRole("link", { name: "Manter assinatura" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
    await expect(args.onConfirmCancel).not.toHaveBeenCalled()
  },
}

export const Confirming: Story = {
  name: "Confirmar cancelamento",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole("button", { name: "Cancelar assinatura" }),
    )
    const dialog = await pageOf(canvasElement).findByRole("alertdialog", {
      name: "Tem certeza que deseja cancelar sua assinatura?",
    })
    await expect(dialog).toHaveTextContent("O acesso termina em 12/12/2026.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Voltar" }))
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull())
    await expect(args.onConfirmCancel).not.toHaveBeenCalled()
  },
}

export const Cancelling: Story = {
  name: "Cancelando",
  args: { onConfirmCancel: fn(() => new Promise<{ menageUrl?: string }>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    await confirm(canvasElement)
    await expect(args.onConfirmCancel).toHaveBeenCalledTimes(1)
    const dialog = pageOf(canvasElement).getByRole("alertdialog")
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Sim, cancelar" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
    await expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeDisabled()
  },
}

export const Cancelled: Story = {
  name: "Assinatura cancelada",
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Assinatura cancelada com sucesso",
    )
    await expect(within(canvasElement).getByRole("main")).toHaveTextContent(
      "Assinatura cancelada com sucesso",
    )
    await expect(
      within(canvasElement).getByRole("button", { name: "Cancelar assinatura" }),
    ).toBeDisabled()
  },
}

export const RedirectNotice: Story = {
  name: "Aviso de redirecionamento",
  args: {
    onConfirmCancel: fn(async () => ({
      menageUrl: "https://pagamentos.exemplo.com/gerenciar/abc",
    })),
  },
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Você será redirecionado a página de cancelamento da sua assinatura.",
    )
  },
}

export const Failure: Story = {
  name: "Erro ao cancelar",
  args: {
    onConfirmCancel: fn(async () => {
      throw new Error("Failed to fetch")
    }),
  },
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Failed to fetch",
    )
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("alertdialog")).toBeNull())
    // Nothing changed: the person can try again.
    await expect(
      within(canvasElement).getByRole("button", { name: "Cancelar assinatura" }),
    ).toBeEnabled()
  },
}

export const FailureWithServerMessage: Story = {
  name: "Assinatura já cancelada",
  args: {
    onConfirmCancel: fn(async () => {
      throw { status: 409, message: "Esta assinatura já foi cancelada.", code: "already_canceled" }
    }),
  },
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Esta assinatura já foi cancelada.",
    )
  },
}

/** No message from the server: its error code is what the person sees (spec §8). */
export const FailureWithCodeOnly: Story = {
  name: "Erro só com código",
  args: {
    onConfirmCancel: fn(async () => {
      throw { status: 409, code: "already_canceled" }
    }),
  },
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    const alert = await pageOf(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent("already_canceled")
    await expect(alert).not.toHaveTextContent("Houve um erro inesperado.")
  },
}

export const FailureUnexpected: Story = {
  name: "Erro inesperado",
  args: {
    onConfirmCancel: fn(async () => {
      throw null
    }),
  },
  play: async ({ canvasElement }) => {
    await confirm(canvasElement)
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Houve um erro inesperado.",
    )
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
    await expect(
      within(canvasElement).queryByRole("button", { name: "Cancelar assinatura" }),
    ).toBeNull()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Cancelar Assinatura" }),
    ).toBeVisible()
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBe(448)
    await expect(Math.abs(main.left - (window.innerWidth - main.right))).toBeLessThan(2)
    await expect(canvas.getByRole("button", { name: "Cancelar assinatura" })).toBeEnabled()
  },
}
