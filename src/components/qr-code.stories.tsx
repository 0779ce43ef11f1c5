import type { Meta, StoryObj } from "@storybook/react-vite"
import { create, toString } from "qrcode"
import { expect, within } from "storybook/test"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"
import { demoPixCode } from "../testing/fixtures/subscription.ts"
import { QrCode } from "./qr-code.tsx"

const meta = {
  title: "Componentes/QrCode (QR Code Pix)",
  component: QrCode,
  args: { value: demoPixCode },
  parameters: { layout: "centered" },
} satisfies Meta<typeof QrCode>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {
  name: "QR Code pronto",
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole("img", { name: "QR Code Pix" })
    await expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/)
  },
}

/** The server sent the code's mask with it: the same picture, drawn without trying all eight. */
export const WithServerMask: Story = {
  name: "QR Code com a máscara do servidor",
  args: { mask: create(demoPixCode, { errorCorrectionLevel: "M" }).maskPattern },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole("img", { name: "QR Code Pix" })
    const found = await toString(demoPixCode, { ...QR_CODE_OPTIONS, type: "svg" })
    await expect(image.getAttribute("src")).toBe(`data:image/svg+xml,${encodeURIComponent(found)}`)
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Carregando QR Code Pix")
    await expect(canvas.queryByRole("img")).not.toBeInTheDocument()
  },
}

/** The payment is still being created: no code yet. */
export const WithoutCode: Story = {
  name: "Sem código",
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeInTheDocument()
  },
}

/** More than a QR code can hold: the screen still offers the copy-and-paste code. */
export const CannotDraw: Story = {
  name: "Erro ao gerar o QR Code",
  args: { value: "0".repeat(8000) },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole("alert")
    await expect(alert).toHaveTextContent("Não foi possível gerar o QR Code.")
  },
}
