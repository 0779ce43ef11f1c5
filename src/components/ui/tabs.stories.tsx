import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs.tsx"

const meta = {
  title: "Componentes/UI/Tabs (abas)",
  tags: ["autodocs"],
  component: Tabs,
  args: { defaultValue: "fotos", onValueChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Conteúdo do perfil">
        <TabsTrigger value="fotos">Fotos</TabsTrigger>
        <TabsTrigger value="destaques">Destaques</TabsTrigger>
        <TabsTrigger value="stories" disabled>
          Stories
        </TabsTrigger>
      </TabsList>
      <TabsContent value="fotos">
        <p>Grade de fotos</p>
      </TabsContent>
      <TabsContent value="destaques">
        <p>Destaques da criadora</p>
      </TabsContent>
      <TabsContent value="stories">
        <p>Stories</p>
      </TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Fotos",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("tab", { name: "Fotos" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("Grade de fotos")
  },
}

export const SwitchesByClick: Story = {
  name: "Troca com clique",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("tab", { name: "Destaques" }))
    await expect(args.onValueChange).toHaveBeenCalledWith("destaques")
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("Destaques da criadora")
  },
}

export const KeyboardSkipsDisabled: Story = {
  name: "Setas pulam aba desabilitada",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole("tab", { name: "Fotos" })).toHaveFocus()
    await userEvent.keyboard("{ArrowRight}")
    await expect(canvas.getByRole("tab", { name: "Destaques" })).toHaveFocus()
    await userEvent.keyboard("{ArrowRight}")
    // "Stories" is disabled, so focus wraps to the first tab.
    await expect(canvas.getByRole("tab", { name: "Fotos" })).toHaveFocus()
  },
}
