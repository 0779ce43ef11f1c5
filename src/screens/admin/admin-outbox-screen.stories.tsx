import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { outboxPage } from "../../testing/fixtures/sandbox-outbox.ts"
import { studioStack } from "../../testing/story-helpers.tsx"
import { AdminOutboxScreen } from "./admin-outbox-screen.tsx"

const meta = {
  title: "Telas/Operação/Caixa de saída (sandbox)",
  tags: ["operação"],
  component: AdminOutboxScreen,
  args: {
    view: { status: "ready", ...outboxPage() },
    onRetry: fn(),
    onPage: fn(),
  },
  decorators: [studioStack],
} satisfies Meta<typeof AdminOutboxScreen>

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
  args: {
    view: {
      status: "error",
      message: "A caixa de saída só existe no modo sandbox, quando os e-mails não vão a ninguém.",
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/só existe no modo sandbox/)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Empty: Story = {
  name: "Nenhum e-mail enviado",
  args: { view: { status: "ready", ...outboxPage({ mails: [], pageCount: 0, total: 0 }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Nenhum e-mail enviado" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Abrir" })).toBeNull()
  },
}

export const Mails: Story = {
  name: "E-mails enviados",
  play: async ({ canvasElement }) => {
    const code = mail(canvasElement, "Seu código de verificação")
    await expect(code).toHaveTextContent("Para: assinante@demo.com.br")
    await expect(code).toHaveTextContent("Enviado em 28/11/2026 09:05")
    await expect(mail(canvasElement, "Seu convite para o Closer")).toHaveTextContent(
      "Para: nova.criadora@exemplo.com.br",
    )
    // Closed until asked: a code is not on screen for whoever walks by.
    await expect(within(code).queryByTitle(/Conteúdo do e-mail/)).toBeNull()
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull()
  },
}

export const MailOpened: Story = {
  name: "E-mail aberto",
  play: async ({ canvasElement }) => {
    const code = mail(canvasElement, "Seu código de verificação")
    const open = within(code).getByRole("button", { name: "Abrir" })
    await userEvent.click(open)
    await expect(within(code).getByRole("button", { name: "Fechar" })).toHaveAttribute(
      "aria-expanded",
      "true",
    )
    const frame = within(code).getByTitle("Conteúdo do e-mail: Seu código de verificação")
    // Drawn in a frame that may run nothing and reach nothing of this page.
    await expect(frame).toHaveAttribute("sandbox", "")
    await expect(frame.getAttribute("srcdoc")).toContain("482913")
    await expect(code.querySelector("p[style]")).toBeNull()
    await expect(within(code).getByText("Versão em texto")).toBeVisible()
  },
}

export const TextOnlyMailOpened: Story = {
  name: "E-mail só com texto aberto",
  play: async ({ canvasElement }) => {
    const invite = mail(canvasElement, "Seu convite para o Closer")
    await userEvent.click(within(invite).getByRole("button", { name: "Abrir" }))
    await expect(within(invite).queryByTitle(/Conteúdo do e-mail/)).toBeNull()
    await expect(within(invite).getByText(/studio\/convite\?code=abc/)).toBeVisible()
  },
}

export const Pages: Story = {
  name: "Várias páginas",
  args: { view: { status: "ready", ...outboxPage({ page: 2, pageCount: 3, total: 42 }) } },
  play: async ({ canvasElement, args }) => {
    const pages = within(canvasElement).getByRole("navigation", {
      name: "Páginas da caixa de saída",
    })
    await expect(pages).toHaveTextContent("Página 2 de 3")
    await userEvent.click(within(pages).getByRole("button", { name: "Mais antigos" }))
    await expect(args.onPage).toHaveBeenCalledWith(3)
    await userEvent.click(within(pages).getByRole("button", { name: "Mais novos" }))
    await expect(args.onPage).toHaveBeenCalledWith(1)
  },
}
