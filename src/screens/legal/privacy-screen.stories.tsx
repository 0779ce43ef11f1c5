import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PrivacyScreen } from "./privacy-screen.tsx"

const meta = {
  title: "Telas/Outras/Privacidade",
  tags: ["seguidora"],
  component: PrivacyScreen,
  args: { supportEmail: "privacidade@exemplo.com.br", companyId: "12.345.678/0001-95", year: 2026 },
} satisfies Meta<typeof PrivacyScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Política de Privacidade",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step("title and the data collected", async () => {
      await expect(
        canvas.getByRole("heading", { level: 1, name: "Política de Privacidade" }),
      ).toBeVisible()
      const collected = canvas.getByRole("region", { name: "1. Dados que coletamos" })
      const items = within(collected)
        .getAllByRole("listitem")
        .map((item) => item.textContent)
      await expect(items).toEqual([
        "nome;",
        "endereço postal;",
        "e-mail;",
        "nome de usuário;",
        "data de nascimento;",
        "foto do CPF;",
        "dados bancários.",
      ])
    })
    await step("deletion six months after closing, and the contact", async () => {
      await expect(
        canvas.getByText(/apagados seis meses após o encerramento da conta/),
      ).toBeVisible()
      await expect(
        canvas.getByRole("link", { name: "privacidade@exemplo.com.br" }),
      ).toHaveAttribute("href", "mailto:privacidade@exemplo.com.br")
      await expect(canvas.getByText(/CNPJ 12\.345\.678\/0001-95/)).toBeInTheDocument()
    })
    await step("table of contents points at every section", async () => {
      const toc = canvas.getByRole("navigation", { name: "Nesta página" })
      for (const link of within(toc).getAllByRole("link")) {
        await expect(canvasElement.querySelector(link.getAttribute("href")!)).not.toBeNull()
      }
    })
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("navigation", { name: "Nesta página" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "7. Contato" })).toBeInTheDocument()
  },
}
