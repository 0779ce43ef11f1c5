import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { deadMails } from "../../testing/fixtures/dead-mail.ts"
import { pageOf, studioStack } from "../../testing/story-helpers.tsx"
import { AdminMailScreen } from "./admin-mail-screen.tsx"

const meta = {
  title: "Telas/Operação/E-mails não entregues",
  tags: ["operação"],
  component: AdminMailScreen,
  args: {
    view: { status: "ready", mails: deadMails },
    onRetry: fn(),
    onResend: fn(async () => {}),
  },
  decorators: [studioStack],
} satisfies Meta<typeof AdminMailScreen>

export default meta
type Story = StoryObj<typeof meta>

const mail = (el: HTMLElement, subject: string) =>
  within(el).getByRole("region", { name: new RegExp(`^${subject}`) })

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando")).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Você não tem permissão para fazer isso." } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Você não tem permissão para fazer isso.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nenhum e-mail parado",
  args: { view: { status: "ready", mails: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Nenhum e-mail parado" })).toBeVisible()
    await expect(
      canvas.getByText(
        "Todos os e-mails foram entregues ou ainda estão nas tentativas automáticas.",
      ),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Reenviar" })).toBeNull()
  },
}

export const DeadMails: Story = {
  name: "E-mails não entregues",
  play: async ({ canvasElement }) => {
    const code = mail(canvasElement, "Seu código de verificação")
    await expect(code).toHaveTextContent("Para: bruna@exemplo.com.br")
    await expect(code).toHaveTextContent(
      "8 tentativas · parado desde 22/11/2026 09:07 · criado em 22/11/2026 07:00",
    )
    await expect(code).toHaveTextContent("Último erro: connect ECONNREFUSED 10.0.0.5:587")
    const invite = mail(canvasElement, "Seu convite para o Closer")
    await expect(invite).toHaveTextContent("Para: eva@exemplo.com.br")
    await expect(invite).toHaveTextContent("caixa de correio inexistente")
    await expect(within(canvasElement).getAllByRole("button", { name: "Reenviar" })).toHaveLength(2)
  },
}

export const Resending: Story = {
  name: "Reenviando",
  args: { onResend: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const code = mail(canvasElement, "Seu código de verificação")
    await userEvent.click(within(code).getByRole("button", { name: "Reenviar" }))
    await expect(args.onResend).toHaveBeenCalledWith("mail-bruna")
    await waitFor(() =>
      expect(within(code).getByRole("button", { name: "Reenviar" })).toBeDisabled(),
    )
    await expect(within(code).getByRole("button", { name: "Reenviar" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
    // Only the mail being resent waits; the others can still be sent.
    await expect(
      within(mail(canvasElement, "Seu convite para o Closer")).getByRole("button", {
        name: "Reenviar",
      }),
    ).toBeEnabled()
  },
}

export const Resent: Story = {
  name: "E-mail reenviado",
  play: async ({ canvasElement, args }) => {
    const invite = mail(canvasElement, "Seu convite para o Closer")
    await userEvent.click(within(invite).getByRole("button", { name: "Reenviar" }))
    await waitFor(() => expect(args.onResend).toHaveBeenCalledWith("mail-eva"))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "E-mail reenviado para eva@exemplo.com.br.",
    )
    await expect(within(invite).getByRole("button", { name: "Reenviar" })).toBeEnabled()
  },
}

export const ResendFails: Story = {
  name: "Erro ao reenviar",
  args: {
    onResend: fn(async () => {
      throw { message: "Este e-mail não está mais parado: ele já foi reenviado ou enviado." }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(mail(canvasElement, "Seu código de verificação")).getByRole("button", {
        name: "Reenviar",
      }),
    )
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Este e-mail não está mais parado: ele já foi reenviado ou enviado.",
    )
  },
}
