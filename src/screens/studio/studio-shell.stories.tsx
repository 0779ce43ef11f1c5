import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { StudioShell, adminNav, studioNav } from "./studio-shell.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Estúdio/Partes/Moldura do estúdio",
  tags: ["criadora", "jornada-estudio"],
  component: StudioShell,
  args: {
    title: "Planos",
    area: "Estúdio",
    nav: studioNav(),
    current: "planos",
    publicHref: "/demo",
    publicUrl: "https://closer.example.com/demo",
    copyToClipboard: fn(async () => {}),
    onLogout: fn(),
    children: <p>Conteúdo da seção</p>,
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof StudioShell>

export default meta
type Story = StoryObj<typeof meta>

export const Creator: Story = {
  name: "Estúdio da criadora",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Planos" })).toBeVisible()
    const nav = canvas.getByRole("navigation", { name: "Estúdio" })
    const links = within(nav).getAllByRole("link")
    await expect(links.map((link) => link.textContent)).toEqual([
      "Números",
      "Perfil",
      "Planos",
      "Recebimento",
      "Conteúdo",
      "Assinantes",
      "Cupons",
    ])
    await expect(within(nav).getByRole("link", { name: "Planos" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await userEvent.click(within(nav).getByRole("link", { name: "Assinantes" }))
    await expect(navigate).toHaveBeenCalledWith("/studio/assinantes")
    await userEvent.click(canvas.getByRole("link", { name: "Ver minha página" }))
    await expect(navigate).toHaveBeenCalledWith("/demo")
    await expect(canvas.getByRole("button", { name: "Copiar link" })).toBeVisible()
    // Three actions fit a phone's header and the title still shows whole.
    const title = canvas.getByRole("heading", { level: 1 })
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth)
    await userEvent.click(canvas.getByRole("button", { name: "Sair" }))
    await expect(args.onLogout).toHaveBeenCalled()
  },
}

/** "Copiar link" from the keyboard: her page's full address, and the spec's message on top. */
export const LinkCopied: Story = {
  name: "Link copiado",
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Copiar link" })
    const box = button.getBoundingClientRect()
    await expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
    button.focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.copyToClipboard).toHaveBeenCalledWith("https://closer.example.com/demo")
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByRole("alert")).toHaveTextContent("Copiado com sucesso")
    // Focus stays on the button, so a keyboard user carries on from where she was.
    await expect(button).toHaveFocus()
  },
}

/** The browser refused the clipboard: the spec's failure message, and nothing copied. */
export const LinkCopyFailed: Story = {
  name: "Erro ao copiar o link",
  args: { copyToClipboard: fn(async () => Promise.reject(new Error("NotAllowedError"))) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copiar link" }))
    await expect(args.copyToClipboard).toHaveBeenCalledTimes(1)
    const alert = await within(canvasElement.ownerDocument.body).findByRole("alert")
    await expect(alert).toHaveTextContent("Ops! Houve algum erro ao copiar o seu link")
    await expect(alert).not.toHaveTextContent("Copiado com sucesso")
  },
}

export const Operator: Story = {
  name: "Operação",
  args: {
    title: "Leads",
    area: "Operação",
    nav: adminNav(),
    current: "leads",
    publicHref: undefined,
    publicUrl: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const nav = canvas.getByRole("navigation", { name: "Operação" })
    await expect(within(nav).getByRole("link", { name: "Leads" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await expect(within(nav).getByRole("link", { name: "Auditoria de pagamentos" })).toBeVisible()
    await expect(within(nav).getByRole("link", { name: "E-mails não entregues" })).toHaveAttribute(
      "href",
      "/admin/emails",
    )
    await expect(canvas.queryByRole("link", { name: "Ver minha página" })).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Copiar link" })).toBeNull()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Conteúdo da seção")).toBeVisible()
    // Room for the label beside the icon from the md breakpoint up.
    await expect(within(canvasElement).getByText("Copiar link")).toBeVisible()
  },
}
