import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { COPY_CODE_ERROR } from "../domain/messages.ts"
import { demoPixCode } from "../testing/fixtures/subscription.ts"
import { CopyButton } from "./copy-button.tsx"

const link = "https://closer.example.com/demo"

const meta = {
  title: "Componentes/CopyButton (Copiar código!)",
  component: CopyButton,
  args: {
    text: link,
    children: "Copiar link",
    copy: fn(async () => {}),
    onCopied: fn(),
    onCopyError: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-80 p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CopyButton>

export default meta
type Story = StoryObj<typeof meta>

export const CopyOk: Story = {
  name: "Link copiado",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Copiar link" }))
    await expect(args.copy).toHaveBeenCalledWith(link)
    await expect(await canvas.findByText("Copiado com sucesso")).toBeVisible()
    await expect(args.onCopied).toHaveBeenCalledTimes(1)
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument()
  },
}

export const CopyFailed: Story = {
  name: "Erro ao copiar o link",
  args: { copy: fn(async () => Promise.reject(new Error("denied"))) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Copiar link" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Ops! Houve algum erro ao copiar o seu link",
    )
    await expect(args.onCopyError).toHaveBeenCalledTimes(1)
    await expect(args.onCopied).not.toHaveBeenCalled()
  },
}

/** The Pix page: full width, its own label and failure text. */
export const PixCode: Story = {
  name: "Código Pix copiado",
  args: { text: demoPixCode, children: "Copiar código!", block: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copiar código!" }))
    await expect(args.copy).toHaveBeenCalledWith(demoPixCode)
    await expect(await within(canvasElement).findByText("Copiado com sucesso")).toBeVisible()
  },
}

export const PixCodeFailed: Story = {
  name: "Erro ao copiar o código Pix",
  args: {
    text: demoPixCode,
    children: "Copiar código!",
    block: true,
    errorMessage: COPY_CODE_ERROR,
    copy: fn(async () => Promise.reject(new Error("denied"))),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copiar código!" }))
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "Houve um erro ao copiar seu código",
    )
  },
}

/** While the clipboard works the button is busy; a second tap does nothing. */
export const Copying: Story = {
  name: "Copiando",
  args: { copy: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Copiar link" })
    await userEvent.click(button)
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await userEvent.click(button)
    await expect(args.copy).toHaveBeenCalledTimes(1)
  },
}
