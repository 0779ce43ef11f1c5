import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { LegalPage } from "./legal-page.tsx"

const meta = {
  title: "Telas/Outras/Texto legal",
  tags: ["seguidora"],
  component: LegalPage,
  args: {
    title: "Texto legal",
    meta: "Última modificação: abril de 2021",
    sections: [
      { id: "paragrafo", title: "Parágrafos", blocks: ["Um parágrafo simples."] },
      { id: "lista", title: "Listas", blocks: [{ list: ["primeiro item;", "segundo item."] }] },
      {
        id: "contato",
        title: "Contato",
        blocks: [{ text: "Escreva para", email: "suporte@exemplo.com.br" }],
      },
    ],
  },
} satisfies Meta<typeof LegalPage>

export default meta
type Story = StoryObj<typeof meta>

export const Blocks: Story = {
  name: "Blocos de texto",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Texto legal" })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 2, name: "2. Listas" })).toBeVisible()
    await expect(canvas.getAllByRole("listitem").map((li) => li.textContent)).toContain(
      "segundo item.",
    )
    await expect(canvas.getByRole("link", { name: "suporte@exemplo.com.br" })).toHaveAttribute(
      "href",
      "mailto:suporte@exemplo.com.br",
    )
    await expect(canvas.getByRole("link", { name: "3. Contato" })).toHaveAttribute(
      "href",
      "#contato",
    )
  },
}
