import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { LeadScreen } from "./lead-screen.tsx"

const navigate = fn()

const meta = {
  title: "Telas/Operação/Tenho interesse",
  tags: ["criadora", "jornada-leads"],
  component: LeadScreen,
  args: {
    supportHref: "https://ajuda.exemplo.com.br",
    year: 2026,
    onSubmit: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof LeadScreen>

export default meta
type Story = StoryObj<typeof meta>

function fields(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  return {
    instagram: canvas.getByRole("textbox", { name: "Instagram" }),
    email: canvas.getByRole("textbox", { name: "E-mail" }),
    confirmEmail: canvas.getByRole("textbox", { name: "Confirmar e-mail" }),
    whatsapp: canvas.getByRole("textbox", { name: "WhatsApp" }),
    send: canvas.getByRole("button", { name: "Enviar" }),
  }
}

async function fillValid(canvasElement: HTMLElement) {
  const { instagram, email, confirmEmail, whatsapp, send } = fields(canvasElement)
  await userEvent.type(instagram, "AnaDemo")
  await userEvent.type(email, "Ana@Exemplo.com.br")
  await userEvent.type(confirmEmail, "ana@exemplo.com.br")
  await userEvent.type(whatsapp, "11987654321")
  await waitFor(() => expect(send).toBeEnabled())
  return send
}

const expectedLead = {
  instagram: "@anademo",
  email: "ana@exemplo.com.br",
  confirmEmail: "ana@exemplo.com.br",
  whatsapp: "11987654321",
}

export const Empty: Story = {
  name: "Formulário vazio",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", {
        level: 1,
        name: "Tem interesse em criar o seu Close Friends?",
      }),
    ).toBeVisible()
    const header = canvas.getByRole("banner")
    await expect(within(header).getByRole("link", { name: "Closer" })).toHaveAttribute("href", "/")
    await expect(within(header).getByRole("link", { name: "Suporte" })).toHaveAttribute(
      "href",
      "https://ajuda.exemplo.com.br",
    )
    await userEvent.click(within(header).getByRole("link", { name: "Cadastrar" }))
    await expect(navigate).toHaveBeenCalledWith("/tenho-interesse")
    await expect(fields(canvasElement).send).toBeDisabled()
    await expect(canvas.getByRole("contentinfo")).toHaveTextContent("© 2026 Closer.")
  },
}

export const InvalidFields: Story = {
  name: "Campos inválidos",
  play: async ({ canvasElement, args, step }) => {
    const { instagram, email, whatsapp, send } = fields(canvasElement)
    await step("nothing shows before the person leaves a field", async () => {
      await userEvent.click(instagram)
      await expect(instagram).not.toHaveAttribute("aria-invalid")
    })
    await step("messages appear after blur", async () => {
      await userEvent.type(instagram, "ab")
      await userEvent.type(email, "ana@")
      await userEvent.click(whatsapp)
      await userEvent.tab()
      await waitFor(() => expect(instagram).toHaveAccessibleDescription("Inválido"))
      await waitFor(() => expect(email).toHaveAccessibleDescription("Email inválido"))
      await waitFor(() => expect(whatsapp).toHaveAccessibleDescription("Obrigatório"))
    })
    await step("the handle is lower-cased as it is typed", async () => {
      await userEvent.type(instagram, "{End}CD")
      await expect(instagram).toHaveValue("@abcd")
    })
    await expect(send).toBeDisabled()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** A typo in either e-mail would send the team's reply to a stranger: both must say the same. */
export const EmailsDiffer: Story = {
  name: "E-mails diferentes",
  play: async ({ canvasElement, args, step }) => {
    const { instagram, email, confirmEmail, whatsapp, send } = fields(canvasElement)
    await userEvent.type(instagram, "AnaDemo")
    await userEvent.type(email, "ana@exmplo.com.br")
    await userEvent.type(confirmEmail, "ana@exmplo.com.br")
    await userEvent.type(whatsapp, "11987654321")
    await waitFor(() => expect(send).toBeEnabled())
    await step("correcting only the first e-mail flags the confirmation again", async () => {
      await userEvent.clear(email)
      await userEvent.type(email, "ana@exemplo.com.br")
      await waitFor(() =>
        expect(confirmEmail).toHaveAccessibleDescription("Os e-mails não conferem"),
      )
      await expect(confirmEmail).toHaveAttribute("aria-invalid", "true")
      await waitFor(() => expect(send).toBeDisabled())
    })
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Sending: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    const send = await fillValid(canvasElement)
    await userEvent.click(send)
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expectedLead))
    await waitFor(() => expect(send).toHaveAttribute("aria-busy", "true"))
    await expect(fields(canvasElement).email).toBeDisabled()
  },
}

export const Success: Story = {
  name: "Informações recebidas",
  play: async ({ canvasElement, args }) => {
    const send = await fillValid(canvasElement)
    await userEvent.click(send)
    const alert = await within(canvasElement.ownerDocument.body).findByRole("alert")
    await expect(alert).toHaveTextContent(
      "Recebemos as suas informações. Em breve entraremos em contato para inciarmos o seu cadastro.",
    )
    await expect(args.onSubmit).toHaveBeenCalledTimes(1)
    const { instagram, email, whatsapp } = fields(canvasElement)
    await waitFor(() => expect(email).toHaveValue(""))
    await expect(instagram).toHaveValue("")
    await expect(whatsapp).toHaveValue("")
    await expect(fields(canvasElement).confirmEmail).toHaveValue("")
    await expect(email).not.toHaveAttribute("aria-invalid")
    await expect(send).toBeDisabled()
  },
}

export const ServerError: Story = {
  name: "Contato já recebido",
  args: {
    onSubmit: fn(async () => {
      throw {
        status: 409,
        message: "Já recebemos um contato com este e-mail.",
        code: "LEAD_EXISTS",
      }
    }),
  },
  play: async ({ canvasElement }) => {
    const send = await fillValid(canvasElement)
    await userEvent.click(send)
    const alert = await within(canvasElement.ownerDocument.body).findByRole("alert")
    await expect(alert).toHaveTextContent("Já recebemos um contato com este e-mail.")
    // The form keeps what was typed so the person can try again.
    await expect(fields(canvasElement).email).toHaveValue("Ana@Exemplo.com.br")
    await waitFor(() => expect(send).toBeEnabled())
  },
}

/** Without a server message the code is shown. */
export const ServerErrorCodeOnly: Story = {
  name: "Erro do servidor só com código",
  args: {
    onSubmit: fn(async () => {
      throw { code: "RATE_LIMITED" }
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await fillValid(canvasElement))
    const alert = await within(canvasElement.ownerDocument.body).findByRole("alert")
    await expect(alert).toHaveTextContent("RATE_LIMITED")
  },
}

export const UnexpectedError: Story = {
  name: "Erro inesperado",
  args: {
    onSubmit: fn(async () => {
      throw {}
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await fillValid(canvasElement))
    const alert = await within(canvasElement.ownerDocument.body).findByRole("alert")
    await expect(alert).toHaveTextContent("Houve um erro inesperado.")
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", {
        level: 1,
        name: "Tem interesse em criar o seu Close Friends?",
      }),
    ).toBeVisible()
    // The form keeps a phone's column in the middle; the header spans the width.
    const main = canvas.getByRole("main").getBoundingClientRect()
    await expect(main.width).toBe(448)
    await expect(Math.abs(main.left - (window.innerWidth - main.right))).toBeLessThan(2)
    await expect(canvas.getByRole("banner").getBoundingClientRect().width).toBe(window.innerWidth)
    const send = await fillValid(canvasElement)
    await expect(send.getBoundingClientRect().width).toBeLessThanOrEqual(448)
  },
}
