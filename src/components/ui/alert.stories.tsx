import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { Alert, useAlert } from "./alert.tsx"
import { Button } from "./button.tsx"
import { Dialog, DialogContent, DialogTrigger } from "./dialog.tsx"

const meta = {
  title: "Componentes/UI/Alert (aviso)",
  tags: ["autodocs"],
  component: Alert,
  args: {
    type: "danger",
    message: "Houve um erro ao gerar novo pagamento via PIX",
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>

export default meta
type Story = StoryObj<typeof meta>

export const Danger: Story = {
  name: "Erro",
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent("Houve um erro ao gerar novo pagamento via PIX")
  },
}

export const WithTitle: Story = {
  name: "Com título",
  args: { title: "Cartão recusado", message: "Número do cartão inválido" },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent("Cartão recusado")
    await expect(alert).toHaveTextContent("Número do cartão inválido")
  },
}

export const Success: Story = {
  name: "Sucesso",
  args: { type: "success", message: "Copiado com sucesso" },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent("Copiado com sucesso")
    await expect(alert).toHaveAttribute("data-type", "success")
  },
}

export const Info: Story = {
  name: "Informação",
  args: { type: "info", message: "Recebemos o seu comprovante. Ele está em análise." },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole("alert")
    await expect(alert).toHaveTextContent("Recebemos o seu comprovante. Ele está em análise.")
    await expect(alert).toHaveAttribute("data-type", "info")
    await userEvent.click(within(alert).getByRole("button", { name: "Fechar" }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const ClosesOnClick: Story = {
  name: "Fecha com clique",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByText(/Houve um erro/))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

export const ClosesWithButton: Story = {
  name: "Fecha com o botão",
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Fechar" }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

function AlertDemo() {
  const { showAlert, closeAlert } = useAlert()
  return (
    <div className="flex flex-col gap-2 pt-48">
      <Button onClick={() => showAlert({ message: "Preencha os dados corretamente" })}>
        Mostrar erro
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          showAlert({ type: "success", title: "Pronto!", message: "Copiado com sucesso" })
        }
      >
        Mostrar sucesso
      </Button>
      <Button variant="ghost" onClick={() => closeAlert()}>
        Fechar todos
      </Button>
    </div>
  )
}

/** Any component calls `useAlert()`; the provider (in the Storybook decorators too) shows them. */
export const FromUseAlert: Story = {
  name: "Avisos empilhados",
  render: () => <AlertDemo />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)

    await step("alerts stack at the top", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Mostrar erro" }))
      await userEvent.click(canvas.getByRole("button", { name: "Mostrar sucesso" }))
      const alerts = await body.findAllByRole("alert")
      await expect(alerts).toHaveLength(2)
      await expect(alerts[0]).toHaveTextContent("Preencha os dados corretamente")
      await expect(alerts[1]).toHaveTextContent("Pronto!")
    })

    await step("the same alert again is not duplicated", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Mostrar erro" }))
      await expect(body.getAllByRole("alert")).toHaveLength(2)
    })

    await step("one closes by its button", async () => {
      const success = body.getAllByRole("alert").find((a) => a.textContent?.includes("Pronto!"))
      await userEvent.click(within(success!).getByRole("button", { name: "Fechar" }))
      await waitFor(() => expect(body.getAllByRole("alert")).toHaveLength(1))
    })

    await step("closeAlert() closes all", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Mostrar sucesso" }))
      await userEvent.click(canvas.getByRole("button", { name: "Fechar todos" }))
      await waitFor(() => expect(body.queryAllByRole("alert")).toHaveLength(0))
    })
  },
}

function AlertOverDialogDemo() {
  const { showAlert } = useAlert()
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Enviar comprovante</Button>
      </DialogTrigger>
      <DialogContent title="Comprovante">
        <Button onClick={() => showAlert({ message: "Houve um erro ao enviar o comprovante" })}>
          Enviar
        </Button>
      </DialogContent>
    </Dialog>
  )
}

/** A modal dialog hides the rest of the page from screen readers, but never the alerts. */
export const WhileADialogIsOpen: Story = {
  name: "Com janela aberta",
  render: () => <AlertOverDialogDemo />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Enviar comprovante" }))
    const dialog = await body.findByRole("dialog", { name: "Comprovante" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Enviar" }))
    // Role queries skip aria-hidden content: found here means a screen reader reaches it too.
    const alert = await body.findByRole("alert")
    await expect(alert).toHaveTextContent("Houve um erro ao enviar o comprovante")
  },
}
