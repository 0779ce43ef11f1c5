import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { supportChatUrl } from "../../components/support-link.ts"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { LANDING_TITLE, LandingScreen } from "./landing-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Outras/Página de vendas",
  tags: ["criadora"],
  component: LandingScreen,
  args: { supportPhone: "5511999990000", year: 2026 },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof LandingScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Página de vendas",
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step("hero, benefits, how it works, closing call", async () => {
      await expect(LANDING_TITLE).toBe("Closer - Plataforma de Close Friends")
      await expect(
        canvas.getByRole("heading", { level: 1, name: "Venda o seu Close Friends por assinatura" }),
      ).toBeVisible()
      const benefits = canvas.getByRole("region", { name: "Por que usar o Closer" })
      const cards = within(benefits).getAllByRole("listitem")
      await expect(cards).toHaveLength(6)
      await expect(benefits).toHaveTextContent("Membros entram e saem sozinhos")
      await expect(benefits).toHaveTextContent("removido automaticamente")
      await expect(benefits).toHaveTextContent("Pix direto na sua conta")
      await expect(benefits).toHaveTextContent("Você só paga se vender")
      const how = canvas.getByRole("region", { name: "Como funciona" })
      await expect(within(how).getAllByRole("listitem")).toHaveLength(4)
      await expect(
        canvas.getByRole("heading", { name: "Comece a faturar com o seu Close Friends" }),
      ).toBeVisible()
    })
    await step("both calls to action go to the interest page", async () => {
      const first = canvas.getByRole("link", { name: "Quero criar o meu Close Friends" })
      const second = canvas.getByRole("link", { name: "Tenho interesse" })
      await userEvent.click(first)
      await expect(navigate).toHaveBeenLastCalledWith("/tenho-interesse")
      await userEvent.click(second)
      await expect(navigate).toHaveBeenLastCalledWith("/tenho-interesse")
      await expect(navigate).toHaveBeenCalledTimes(2)
    })
    await step("two support chats with their own messages", async () => {
      await expect(canvas.getByRole("link", { name: "Preciso de ajuda" })).toHaveAttribute(
        "href",
        supportChatUrl("5511999990000", "Olá! Preciso de ajuda com o Closer."),
      )
      await expect(canvas.getByRole("link", { name: "Quero criar minha conta" })).toHaveAttribute(
        "href",
        supportChatUrl("5511999990000", "Olá! Quero criar a minha conta no Closer."),
      )
    })
    await step("footer with documents and copyright", async () => {
      const footer = canvas.getByRole("contentinfo")
      await expect(within(footer).getByRole("link", { name: "Termos de uso" })).toHaveAttribute(
        "href",
        "/doc/terms",
      )
      await expect(footer).toHaveTextContent("© 2026 Closer. Todos os direitos reservados.")
    })
  },
}

/** Wide screens: benefits in three columns, steps in a row. */
export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const cards = within(
      canvas.getByRole("region", { name: "Por que usar o Closer" }),
    ).getAllByRole("listitem")
    const tops = cards.map((card) => Math.round(card.getBoundingClientRect().top))
    await expect(new Set(tops).size).toBe(2)
    const stepsTop = within(canvas.getByRole("region", { name: "Como funciona" }))
      .getAllByRole("listitem")
      .map((item) => Math.round(item.getBoundingClientRect().top))
    await expect(new Set(stepsTop).size).toBe(1)
    await userEvent.click(canvas.getByRole("link", { name: "Tenho interesse" }))
    await expect(navigate).toHaveBeenCalledWith("/tenho-interesse")
  },
}
