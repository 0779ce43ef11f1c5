import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { demoPixCode } from "../../testing/fixtures/subscription.ts"
import { PixPaymentTabs } from "./pix-payment-tabs.tsx"

const meta = {
  title: "Telas/Pagamento/Partes/Abas do Pix",
  tags: ["seguidora", "jornada-pix-chave"],
  component: PixPaymentTabs,
  args: {
    payment: { pixCode: demoPixCode, pixUrl: null },
    copyToClipboard: fn(async () => {}),
  },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PixPaymentTabs>

export default meta
type Story = StoryObj<typeof meta>

export const WithCreatorKey: Story = {
  name: "Com chave Pix da criadora",
  args: { pix: { type: "email", key: "pix@anademo.com.br" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const tabs = canvas.getAllByRole("tab").map((tab) => tab.textContent)
    await expect(tabs).toEqual(["Chave", "QRCode URL", "QRCode"])
    await expect(canvas.getByText("E-mail")).toBeVisible()
    await expect(canvas.getByLabelText("Chave PIX")).toHaveValue("pix@anademo.com.br")
    await userEvent.click(canvas.getByRole("button", { name: "Copiar chave" }))
    await expect(args.copyToClipboard).toHaveBeenCalledWith("pix@anademo.com.br")
    await expect(await canvas.findByText("Copiado com sucesso")).toBeVisible()
  },
}

export const CodeOnly: Story = {
  name: "Só código copia e cola",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("tab", { name: "Chave" })).not.toBeInTheDocument()
    await expect(canvas.getByLabelText("Código PIX copia e cola")).toHaveValue(demoPixCode)
    await userEvent.click(canvas.getByRole("button", { name: "Copiar código" }))
    await expect(args.copyToClipboard).toHaveBeenCalledWith(demoPixCode)
    // Arrow keys move between tabs.
    canvas.getByRole("tab", { name: "QRCode URL" }).focus()
    await userEvent.keyboard("{ArrowRight}")
    await expect(canvas.getByRole("tab", { name: "QRCode" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await expect(await canvas.findByRole("img", { name: "QR Code Pix" })).toBeVisible()
  },
}

export const CopyFailed: Story = {
  name: "Erro ao copiar o código",
  args: { copyToClipboard: fn(async () => Promise.reject(new Error("denied"))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Copiar código" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Houve um erro ao copiar seu código",
    )
  },
}
