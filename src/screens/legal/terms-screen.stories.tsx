import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { TermsScreen } from "./terms-screen.tsx"

const meta = {
  title: "Telas/Outras/Termos de uso",
  tags: ["seguidora"],
  component: TermsScreen,
  args: { supportEmail: "suporte@exemplo.com.br", companyId: "12.345.678/0001-95", year: 2026 },
} satisfies Meta<typeof TermsScreen>

export default meta
type Story = StoryObj<typeof meta>

const sectionTitles = [
  "Definições",
  "Cadastro de conta",
  "Assinaturas e pagamentos",
  "Desativação da conta",
  "Propriedade intelectual",
  "Uso aceitável",
  "Conteúdo do usuário",
  "Programa de indicação",
  "Limitação de responsabilidade",
  "Lei aplicável e foro",
  "Contato",
  "Termos de gestão de pagamentos",
  "Termos de uso do site",
]

export const Default: Story = {
  name: "Termos de uso",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step("title and last modification", async () => {
      await expect(canvas.getByRole("heading", { level: 1, name: "Termos de uso" })).toBeVisible()
      await expect(canvas.getByText("Última modificação: abril de 2021")).toBeVisible()
      await expect(canvas.getByRole("link", { name: "Closer" })).toHaveAttribute("href", "/")
    })
    await step("the 13 numbered sections, each reachable from the table of contents", async () => {
      const toc = canvas.getByRole("navigation", { name: "Nesta página" })
      const links = within(toc).getAllByRole("link")
      await expect(links.map((link) => link.textContent)).toEqual(
        sectionTitles.map((title, index) => `${index + 1}. ${title}`),
      )
      for (const [index, link] of links.entries()) {
        const target = canvasElement.querySelector(link.getAttribute("href")!)
        await expect(target).not.toBeNull()
        await expect(
          within(target as HTMLElement).getByRole("heading", { level: 2 }),
        ).toHaveTextContent(`${index + 1}. ${sectionTitles[index]}`)
      }
    })
    await step("under-18 rule and contact", async () => {
      await expect(canvas.getByText(/não é destinada a menores de 18 anos/)).toBeVisible()
      await expect(canvas.getByRole("link", { name: "suporte@exemplo.com.br" })).toHaveAttribute(
        "href",
        "mailto:suporte@exemplo.com.br",
      )
      await expect(canvas.getByText(/CNPJ 12\.345\.678\/0001-95/)).toBeInTheDocument()
      await expect(canvas.getByRole("contentinfo")).toHaveTextContent(
        "© 2026 Closer. Todos os direitos reservados.",
      )
    })
    await step("the table of contents is reachable by keyboard", async () => {
      // Following an anchor would navigate the test frame, so only focus is exercised here.
      const contact = canvas.getByRole("link", { name: "11. Contato" })
      contact.focus()
      await userEvent.tab({ shift: true })
      await expect(canvas.getByRole("link", { name: "10. Lei aplicável e foro" })).toHaveFocus()
    })
  },
}

/** From the `lg` breakpoint the table of contents sits beside the text. */
export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toc = canvas.getByRole("navigation", { name: "Nesta página" })
    const firstSection = canvas.getByRole("heading", { level: 2, name: "1. Definições" })
    // Side by side: the first section starts at the table of contents' height, to its right.
    await expect(firstSection.getBoundingClientRect().left).toBeGreaterThan(
      toc.getBoundingClientRect().right,
    )
  },
}
