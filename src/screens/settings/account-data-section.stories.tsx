import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { AccountDataSection } from "./account-data-section.tsx"
import { pageOf } from "../../testing/story-helpers.tsx"

const meta = {
  title: "Telas/Minha conta/Partes/Meus dados",
  tags: ["seguidora"],
  component: AccountDataSection,
  args: {
    onExport: fn(async () => undefined),
    onCloseAccount: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md bg-canvas p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AccountDataSection>

export default meta
type Story = StoryObj<typeof meta>

const never = () => new Promise<never>(() => undefined)
const closeDialog = (el: HTMLElement) => pageOf(el).findByRole("dialog", { name: "Encerrar conta" })

async function openDialog(el: HTMLElement) {
  await userEvent.click(within(el).getByRole("button", { name: "Encerrar conta" }))
  return closeDialog(el)
}

async function confirmWith(el: HTMLElement, password: string) {
  const dialog = await openDialog(el)
  await userEvent.type(within(dialog).getByLabelText("Senha"), password)
  await userEvent.click(within(dialog).getByRole("button", { name: "Encerrar minha conta" }))
  return dialog
}

export const Idle: Story = {
  name: "Seus dados",
  play: async ({ canvasElement, args }) => {
    const section = within(canvasElement).getByRole("region", { name: "Seus dados" })
    await expect(section).toHaveTextContent(
      "Baixe uma cópia de tudo o que guardamos sobre você: conta, assinaturas, pagamentos, curtidas e registro de acessos.",
    )
    await expect(section).toHaveTextContent(
      "Encerrar a conta para as renovações e apaga seus dados pessoais seis meses depois.",
    )
    await expect(within(section).getByRole("button", { name: "Exportar meus dados" })).toBeEnabled()
    await expect(within(section).getByRole("button", { name: "Encerrar conta" })).toBeEnabled()
    await expect(args.onExport).not.toHaveBeenCalled()
    await expect(args.onCloseAccount).not.toHaveBeenCalled()
  },
}

export const Exporting: Story = {
  name: "Preparando o arquivo",
  args: { onExport: fn(never) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole("button", { name: "Exportar meus dados" })
    await userEvent.click(button)
    await expect(args.onExport).toHaveBeenCalledTimes(1)
    await expect(button).toHaveAttribute("aria-busy", "true")
    await expect(button).toBeDisabled()
    await expect(canvas.getByText("Preparando o arquivo…")).toBeVisible()
  },
}

export const Exported: Story = {
  name: "Dados exportados",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Exportar meus dados" }))
    await expect(
      await canvas.findByText("Pronto: o arquivo meus-dados-closer.json foi baixado."),
    ).toBeVisible()
    await expect(args.onExport).toHaveBeenCalledTimes(1)
    await expect(canvas.getByRole("button", { name: "Exportar meus dados" })).toBeEnabled()
  },
}

export const ExportFailed: Story = {
  name: "Erro ao exportar",
  args: {
    onExport: fn(async () => {
      throw {
        status: 0,
        message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
        code: "network_error",
      }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Exportar meus dados" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    )
    // Nothing is lost: the person can try again.
    await userEvent.click(canvas.getByRole("button", { name: "Exportar meus dados" }))
    await expect(args.onExport).toHaveBeenCalledTimes(2)
  },
}

export const DialogOpen: Story = {
  name: "Encerrar conta",
  play: async ({ canvasElement, args, step }) => {
    const dialog = await openDialog(canvasElement)
    await step("explains what closing does", async () => {
      await expect(dialog).toHaveTextContent("Ao encerrar a sua conta:")
      const items = within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent)
      await expect(items).toEqual([
        "as renovações das suas assinaturas param e nenhuma nova cobrança é feita;",
        "você sai de todos os aparelhos e não poderá mais entrar nesta conta;",
        "o acesso ao conteúdo termina agora, mesmo que o período pago ainda não tenha acabado;",
        "seus dados pessoais são apagados seis meses após o encerramento, como diz a Política de Privacidade.",
      ])
      await expect(within(dialog).getByLabelText("Senha")).toHaveAttribute("type", "password")
      await expect(dialog).toHaveTextContent("Confirme com a senha que você usa para entrar.")
    })
    await step("asks for the password before sending", async () => {
      await userEvent.click(within(dialog).getByRole("button", { name: "Encerrar minha conta" }))
      await expect(await within(dialog).findByText("Obrigatório")).toBeVisible()
      await expect(args.onCloseAccount).not.toHaveBeenCalled()
    })
    await step("Voltar closes it without closing the account", async () => {
      await userEvent.click(within(dialog).getByRole("button", { name: "Voltar" }))
      await waitFor(() => expect(pageOf(canvasElement).queryByRole("dialog")).toBeNull())
      await expect(args.onCloseAccount).not.toHaveBeenCalled()
    })
  },
}

export const WrongPassword: Story = {
  name: "Senha incorreta",
  args: {
    onCloseAccount: fn(async () => {
      throw { status: 422, message: "Senha incorreta", code: "wrong_password" }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await confirmWith(canvasElement, "senha-errada")
    await expect(args.onCloseAccount).toHaveBeenCalledWith("senha-errada")
    await expect(await within(dialog).findByText("Senha incorreta")).toBeVisible()
    await expect(within(dialog).getByLabelText("Senha")).toHaveAttribute("aria-invalid", "true")
    // The dialog stays open for another try, the message with it while the password is the same.
    await expect(within(dialog).getByRole("button", { name: "Encerrar minha conta" })).toBeEnabled()
    await userEvent.click(within(dialog).getByLabelText("Senha"))
    await userEvent.tab()
    await expect(within(dialog).getByLabelText("Senha")).toHaveAccessibleDescription(
      expect.stringContaining("Senha incorreta"),
    )
    await userEvent.type(within(dialog).getByLabelText("Senha"), "!")
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Senha")).not.toHaveAttribute("aria-invalid"),
    )
    // Back to the refused password, its message is back too.
    await userEvent.type(within(dialog).getByLabelText("Senha"), "{Backspace}")
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Senha")).toHaveAttribute("aria-invalid", "true"),
    )
    await expect(within(dialog).getByText("Senha incorreta")).toBeVisible()
  },
}

export const Closing: Story = {
  name: "Encerrando a conta",
  args: { onCloseAccount: fn(never) },
  play: async ({ canvasElement, args }) => {
    const dialog = await confirmWith(canvasElement, "minha-senha")
    await expect(args.onCloseAccount).toHaveBeenCalledWith("minha-senha")
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Encerrar minha conta" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    )
    await expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeDisabled()
    await expect(within(dialog).getByLabelText("Senha")).toBeDisabled()
    // Escape does not dismiss a request that is under way.
    await userEvent.keyboard("{Escape}")
    await expect(
      pageOf(canvasElement).getByRole("dialog", { name: "Encerrar conta" }),
    ).toBeVisible()
  },
}

export const Closed: Story = {
  name: "Conta encerrada",
  play: async ({ canvasElement, args }) => {
    await confirmWith(canvasElement, "minha-senha")
    await expect(args.onCloseAccount).toHaveBeenCalledWith("minha-senha")
    await waitFor(() => expect(pageOf(canvasElement).queryByRole("dialog")).toBeNull())
  },
}
