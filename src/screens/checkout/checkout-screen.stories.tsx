import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { formatBRL } from "../../domain/money.ts"
import {
  cardToken,
  cardTokenRejection,
  typeCard,
  typedCard,
} from "../../testing/fixtures/billing-cards.ts"
import { demoPlans, makeProfile } from "../../testing/fixtures/profile.ts"
import { CheckoutScreen } from "./checkout-screen.tsx"

const profile = makeProfile({
  subscription: {
    plans: demoPlans.map((plan) => ({ name: plan.name, value: plan.valueCents / 100 })),
    paymentMethods: ["pix", "credit_card", "boleto"],
  },
})
const quarterly = demoPlans[1]!
/** What "Assinar" hands over for the typed card (typedCard) of a new buyer on the quarterly plan. */
const cardSubmission = {
  typeAuth: "new_user",
  email: "ana@exemplo.com",
  confirmEmail: "ana@exemplo.com",
  plan: quarterly,
  method: "credit_card",
  card: {
    ...cardToken,
    accountName: "ANA DEMO",
    accountDocument: "11144477735",
    cardHolderName: "ANA DEMO",
  },
} as const

const meta = {
  title: "Telas/Assinar/Assinar",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto"],
  component: CheckoutScreen,
  args: {
    profile,
    account: null,
    signInHref: "/demo/auth",
    forgotPasswordHref: "/demo/auth/recovery/email",
    onLogin: fn(async (_credentials: { email: string; password: string }) => {}),
    tokenizeCard: fn(async () => ({ ...cardToken })),
    onSubscribe: fn(async () => {}),
  },
} satisfies Meta<typeof CheckoutScreen>

export default meta
type Story = StoryObj<typeof meta>

function ui(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  const subscribe = () => canvas.getByRole("button", { name: "Assinar" })
  const radio = (name: RegExp) => canvas.getByRole("radio", { name })
  const choosePlan = () => userEvent.click(canvas.getByRole("radio", { name: /Trimestral/ }))
  /** The e-mail and, for a new buyer, its confirmation. */
  const typeEmail = async (email = "Ana@Exemplo.com") => {
    await userEvent.type(canvas.getByRole("textbox", { name: "E-mail" }), email)
    await userEvent.type(canvas.getByRole("textbox", { name: "Confirmar e-mail" }), email)
  }
  /** The quarterly plan and an e-mail, the checkout's usual start. */
  const startAsNewBuyer = async () => {
    await choosePlan()
    await typeEmail()
    await canvas.findByText(/criamos uma com este e-mail ao assinar/)
  }
  /** A new buyer who chose the card and typed `typedCard`, ready to subscribe. */
  const payByCard = async () => {
    await startAsNewBuyer()
    await userEvent.click(radio(/Cartão de crédito/))
    await typeCard(canvasElement)
    await waitFor(() => expect(subscribe()).toBeEnabled())
  }
  return {
    canvas,
    body: within(canvasElement.ownerDocument.body),
    email: () => canvas.getByRole("textbox", { name: "E-mail" }),
    subscribe,
    radio,
    choosePlan,
    typeEmail,
    startAsNewBuyer,
    payByCard,
  }
}

export const Empty: Story = {
  name: "Nenhum plano escolhido",
  play: async ({ canvasElement }) => {
    const { canvas, email, radio } = ui(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Ana Demo")
    await expect(canvas.getByRole("group", { name: "Escolha um plano" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Já sou assinante" })).toHaveAttribute(
      "href",
      "/demo/auth",
    )
    await expect(canvas.getByText("Escolha um plano para continuar.")).toBeVisible()
    await expect(email()).toBeDisabled()
    // The first method is picked, but the section waits for identification.
    await expect(radio(/^Pix$/)).toBeChecked()
    await expect(radio(/^Pix$/)).toBeDisabled()
    await expect(canvas.queryByRole("button", { name: "Assinar" })).not.toBeInTheDocument()
    await expect(canvas.getByText("Compra segura")).toBeVisible()
  },
}

export const PlanChosen: Story = {
  name: "Plano escolhido",
  play: async ({ canvasElement, args }) => {
    const { canvas, email, subscribe } = ui(canvasElement)
    // Keyboard: Tab into the plans, Space picks the first, arrows move to the next.
    canvas.getByRole("radio", { name: /Mensal/ }).focus()
    await userEvent.keyboard(" ")
    await userEvent.keyboard("{ArrowDown}")
    await expect(canvas.getByRole("radio", { name: /Trimestral/ })).toBeChecked()
    const summary = canvas.getByRole("region", { name: "Resumo da compra" })
    await expect(summary).toHaveTextContent("Assinatura trimestral")
    await expect(summary).toHaveTextContent("R$ 79,90")
    await expect(summary).toHaveTextContent("Taxa de serviço")
    await expect(summary).toHaveTextContent("R$ 1,99")
    await expect(summary).toHaveTextContent("R$ 81,89")
    await expect(subscribe()).toBeDisabled()
    await expect(email()).toBeEnabled()
    await expect(
      canvas.getByText("Identifique-se para escolher a forma de pagamento."),
    ).toBeVisible()
    await expect(args.onSubscribe).not.toHaveBeenCalled()
  },
}

/**
 * The e-mail is never looked up: a valid one, confirmed, unlocks the methods at once; an
 * invalid one never.
 */
export const EmailNotLookedUp: Story = {
  name: "E-mail inválido",
  play: async ({ canvasElement }) => {
    const { canvas, email, radio, choosePlan } = ui(canvasElement)
    await choosePlan()
    await userEvent.type(email(), "ana@exemplo")
    await expect(canvas.getByText("Email inválido")).toBeVisible()
    await expect(radio(/^Pix$/)).toBeDisabled()
    await userEvent.type(email(), ".com")
    await userEvent.type(
      canvas.getByRole("textbox", { name: "Confirmar e-mail" }),
      "ana@exemplo.com",
    )
    await expect(radio(/^Pix$/)).toBeEnabled()
    await expect(canvas.queryByText(/Verificando/)).not.toBeInTheDocument()
  },
}

export const NewUserReadyPix: Story = {
  name: "Conta nova pronta para Pix",
  play: async ({ canvasElement, args }) => {
    const { canvas, subscribe, radio, choosePlan, typeEmail } = ui(canvasElement)
    await choosePlan()
    await typeEmail()
    await expect(await canvas.findByText(/criamos uma com este e-mail/)).toBeVisible()
    await expect(radio(/^Pix$/)).toBeEnabled()
    // Boleto is sold by the creator but paid from the payment page, never offered here.
    await expect(canvas.queryByText("aprovado em 1 a 3 dias")).not.toBeInTheDocument()
    // With Pix, the one-off payment is the default; the recurring debit is opted into.
    await expect(canvas.getByRole("group", { name: "Como pagar com Pix" })).toBeVisible()
    await expect(radio(/^Pix avulso$/)).toBeChecked()
    await expect(radio(/^Pix Automático/)).not.toBeChecked()
    await waitFor(() => expect(subscribe()).toBeEnabled())
    await userEvent.click(subscribe())
    await expect(args.onSubscribe).toHaveBeenCalledWith({
      typeAuth: "new_user",
      email: "ana@exemplo.com",
      confirmEmail: "ana@exemplo.com",
      plan: quarterly,
      method: "pix",
    })
    await expect(args.tokenizeCard).not.toHaveBeenCalled()
  },
}

export const PixAutomaticChosen: Story = {
  name: "Pix Automático escolhido",
  play: async ({ canvasElement, args, step }) => {
    const { canvas, subscribe, radio, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await step(
      "choosing Pix Automático states the period's amount and asks for the payer",
      async () => {
        await userEvent.click(radio(/^Pix Automático \(renova sozinho\)$/))
        await expect(radio(/^Pix Automático/)).toHaveAccessibleDescription(
          `${formatBRL(8189)} a cada 3 meses (TRIMESTRAL). Você autoriza uma vez no app do seu banco, que avisa antes de cada débito. Cancele quando quiser, até o dia anterior ao débito.`,
        )
        await expect(
          await canvas.findByRole("group", { name: "Titular da conta do Pix Automático" }),
        ).toBeVisible()
        await expect(subscribe()).toBeDisabled()
      },
    )
    await step("with the holder's name and CPF it subscribes with Pix Automático", async () => {
      await userEvent.type(
        canvas.getByRole("textbox", { name: "Nome do titular da conta" }),
        "Ana  Demo",
      )
      await userEvent.type(
        canvas.getByRole("textbox", { name: "CPF do titular da conta" }),
        "11144477735",
      )
      await expect(canvas.getByRole("textbox", { name: "CPF do titular da conta" })).toHaveValue(
        "111.444.777-35",
      )
      await waitFor(() => expect(subscribe()).toBeEnabled())
      await userEvent.click(subscribe())
      await expect(args.onSubscribe).toHaveBeenCalledWith({
        typeAuth: "new_user",
        email: "ana@exemplo.com",
        confirmEmail: "ana@exemplo.com",
        plan: quarterly,
        method: "pix",
        automaticPix: { accountName: "ANA DEMO", accountDocument: "11144477735" },
      })
    })
  },
}

export const PixAutomaticInvalid: Story = {
  name: "Titular do Pix Automático inválido",
  play: async ({ canvasElement, args, step }) => {
    const { canvas, subscribe, radio, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await userEvent.click(radio(/^Pix Automático/))
    const name = await canvas.findByRole("textbox", { name: "Nome do titular da conta" })
    const cpf = canvas.getByRole("textbox", { name: "CPF do titular da conta" })
    await step("a CPF with wrong check digits and an empty name are refused", async () => {
      await userEvent.type(cpf, "11144477700")
      await userEvent.click(name)
      await userEvent.tab()
      await expect(await canvas.findByText("Documento inválido")).toBeVisible()
      await expect(cpf).toHaveAttribute("aria-invalid", "true")
      await expect(await canvas.findByText("Obrigatório")).toBeVisible()
      await expect(subscribe()).toBeDisabled()
    })
    await step("going back to the one-off Pix needs neither", async () => {
      await userEvent.click(radio(/^Pix avulso$/))
      await expect(
        canvas.queryByRole("group", { name: "Titular da conta do Pix Automático" }),
      ).not.toBeInTheDocument()
      await waitFor(() => expect(subscribe()).toBeEnabled())
    })
    await expect(args.onSubscribe).not.toHaveBeenCalled()
  },
}

export const ExistingUserLogin: Story = {
  name: "Entrar com a senha",
  play: async ({ canvasElement, args, step }) => {
    const { canvas, subscribe, choosePlan, typeEmail } = ui(canvasElement)
    await step('"Já tenho conta" asks for the password', async () => {
      await choosePlan()
      await typeEmail()
      await userEvent.click(canvas.getByRole("button", { name: "Já tenho conta" }))
      await expect(canvas.getByRole("link", { name: "Esqueci minha senha" })).toHaveAttribute(
        "href",
        "/demo/auth/recovery/email",
      )
      await expect(subscribe()).toBeDisabled()
    })
    await step("a successful login identifies the buyer", async () => {
      await userEvent.type(canvas.getByLabelText("Senha"), "segredo123")
      await userEvent.keyboard("{Enter}")
      await expect(args.onLogin).toHaveBeenCalledWith({
        email: "ana@exemplo.com",
        password: "segredo123",
      })
      await expect(await canvas.findByText("Você entrou na sua conta.")).toBeVisible()
      await expect(canvas.queryByLabelText("Senha")).not.toBeInTheDocument()
    })
    await step("and subscribes as an existing user", async () => {
      await userEvent.click(subscribe())
      await expect(args.onSubscribe).toHaveBeenCalledWith(
        expect.objectContaining({ typeAuth: "existing_user", email: "ana@exemplo.com" }),
      )
    })
  },
}

export const LoginError: Story = {
  name: "Erro ao entrar",
  args: {
    // A wrong password, then the login service refusing for another reason.
    onLogin: fn(async ({ password }: { email: string; password: string }) =>
      Promise.reject(
        password === "errada"
          ? { status: 401, message: "Senha incorreta", code: "wrong_password" }
          : { status: 429, message: "Muitas tentativas", code: "rate_limited" },
      ),
    ),
  },
  play: async ({ canvasElement, args, step }) => {
    const { canvas, body, subscribe, choosePlan, typeEmail } = ui(canvasElement)
    await choosePlan()
    await typeEmail()
    await userEvent.click(canvas.getByRole("button", { name: "Já tenho conta" }))
    const password = await canvas.findByLabelText("Senha")
    await step("a wrong password is said at the field", async () => {
      await userEvent.type(password, "errada")
      await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
      await expect(await canvas.findByText("Senha incorreta")).toBeVisible()
      await expect(password).toHaveAttribute("aria-invalid", "true")
      await expect(body.queryByRole("alert")).not.toBeInTheDocument()
    })
    await step("other failures show the server's code", async () => {
      await userEvent.type(password, "1")
      await userEvent.click(canvas.getByRole("button", { name: "Continuar" }))
      await expect(await body.findByRole("alert")).toHaveTextContent("rate_limited")
    })
    await expect(args.onLogin).toHaveBeenCalledTimes(2)
    await expect(subscribe()).toBeDisabled()
  },
}

/**
 * "Assinar" with an e-mail that has an account: said only then, past the server's bot check.
 * The owner signs in right there and subscribes as herself.
 */
export const EmailTakenAtPurchase: Story = {
  name: "E-mail já cadastrado na compra",
  args: {
    onSubscribe: fn(async (submission: { typeAuth: string }) => {
      if (submission.typeAuth === "new_user")
        throw {
          status: 409,
          message: "Este e-mail já está cadastrado. Faça login para continuar.",
          code: "email_taken",
          field: "email",
        }
    }),
  },
  play: async ({ canvasElement, args, step }) => {
    const { canvas, body, subscribe, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await step("the purchase is refused and the password asked", async () => {
      await userEvent.click(subscribe())
      await expect(
        await canvas.findByText("Você já tem uma conta. Digite sua senha para continuar."),
      ).toBeVisible()
      await expect(subscribe()).toBeDisabled()
      await expect(body.queryByRole("alert")).not.toBeInTheDocument()
    })
    await step("signed in, she subscribes as an existing user", async () => {
      await userEvent.type(canvas.getByLabelText("Senha"), "segredo123{Enter}")
      await expect(await canvas.findByText("Você entrou na sua conta.")).toBeVisible()
      await userEvent.click(subscribe())
      await expect(args.onSubscribe).toHaveBeenLastCalledWith(
        expect.objectContaining({ typeAuth: "existing_user", email: "ana@exemplo.com" }),
      )
    })
  },
}

export const CardFormInvalid: Story = {
  name: "Cartão inválido",
  play: async ({ canvasElement, args }) => {
    const { canvas, subscribe, radio, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await userEvent.click(radio(/Cartão de crédito/))
    await expect(await canvas.findByRole("group", { name: "Dados do cartão" })).toBeVisible()
    await typeCard(canvasElement, { ...typedCard, cardNumber: "4111111111111112", cardCVV: "1" })
    await userEvent.tab()
    await expect(await canvas.findByText("Número do cartão inválido")).toBeVisible()
    await expect(canvas.getByText("Código de segurança inválido")).toBeVisible()
    await expect(subscribe()).toBeDisabled()
    await expect(args.tokenizeCard).not.toHaveBeenCalled()
  },
}

export const CardKeptAcrossMethods: Story = {
  name: "Cartão mantido ao trocar a forma",
  play: async ({ canvasElement, args, step }) => {
    const { canvas, subscribe, radio, payByCard } = ui(canvasElement)
    await payByCard()
    await step("Pix hides the card form and needs none of it", async () => {
      await userEvent.click(radio(/^Pix$/))
      await expect(canvas.queryByRole("group", { name: "Dados do cartão" })).not.toBeInTheDocument()
      await expect(subscribe()).toBeEnabled()
    })
    await step("back on the card, what was typed is still there", async () => {
      await userEvent.click(radio(/Cartão de crédito/))
      await expect(canvas.getByRole("textbox", { name: "Número do cartão" })).toHaveValue(
        "4111 1111 1111 1111",
      )
      await expect(subscribe()).toBeEnabled()
      await userEvent.click(subscribe())
      await waitFor(() => expect(args.onSubscribe).toHaveBeenCalledWith(cardSubmission))
    })
  },
}

export const CardTokenError: Story = {
  name: "Cartão recusado",
  args: { tokenizeCard: fn(async () => Promise.reject(cardTokenRejection)) },
  play: async ({ canvasElement, args }) => {
    const { body, subscribe, payByCard } = ui(canvasElement)
    await payByCard()
    await userEvent.click(subscribe())
    await expect(args.tokenizeCard).toHaveBeenCalledWith({
      cardNumber: "4111111111111111",
      cardHolderName: "ANA DEMO",
      cardExpDate: "12/35",
      cardCVV: "123",
    })
    const alert = await body.findByRole("alert")
    await expect(alert).toHaveTextContent("Número do cartão inválido")
    await expect(alert).toHaveAttribute("data-type", "danger")
    await expect(args.onSubscribe).not.toHaveBeenCalled()
    await waitFor(() => expect(subscribe()).toBeEnabled())
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubscribe: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const { canvas, subscribe, radio, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await userEvent.click(subscribe())
    await waitFor(() => expect(subscribe()).toHaveAttribute("aria-busy", "true"))
    await expect(subscribe()).toBeDisabled()
    await expect(canvas.getByRole("radio", { name: /Mensal/ })).toBeDisabled()
    await expect(radio(/^Pix$/)).toBeDisabled()
    await userEvent.click(subscribe())
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
  },
}

export const PixCallFailure: Story = {
  name: "Erro ao gerar o Pix",
  args: { onSubscribe: fn(async () => Promise.reject({ status: 502 })) },
  play: async ({ canvasElement, args }) => {
    const { body, subscribe, startAsNewBuyer } = ui(canvasElement)
    await startAsNewBuyer()
    await userEvent.click(subscribe())
    await expect(await body.findByRole("alert")).toHaveTextContent(
      "Houve um erro ao gerar novo pagamento via PIX",
    )
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
    await expect(subscribe()).toBeEnabled()
  },
}

export const CardCallFailure: Story = {
  name: "Erro ao pagar com cartão",
  args: { onSubscribe: fn(async () => Promise.reject({ status: 502 })) },
  play: async ({ canvasElement, args }) => {
    const { body, subscribe, payByCard } = ui(canvasElement)
    await payByCard()
    await userEvent.click(subscribe())
    await expect(await body.findByRole("alert")).toHaveTextContent(
      "Houve um erro ao gerar novo pagamento via Cartão de Crédito",
    )
    await expect(args.onSubscribe).toHaveBeenCalledWith(cardSubmission)
  },
}

export const SignedInBuyer: Story = {
  name: "Compradora já entrou na conta",
  args: { account: { email: "ana@exemplo.com" } },
  play: async ({ canvasElement, args }) => {
    const { canvas, subscribe, radio, choosePlan } = ui(canvasElement)
    await expect(canvas.getByText("ana@exemplo.com")).toBeVisible()
    await expect(canvas.queryByRole("textbox", { name: "E-mail" })).not.toBeInTheDocument()
    await expect(radio(/^Pix$/)).toBeEnabled()
    // The creator sells boleto too, but only the payment page takes it.
    await expect(canvas.queryByRole("radio", { name: /Boleto/ })).not.toBeInTheDocument()
    await choosePlan()
    await userEvent.click(subscribe())
    await expect(args.onSubscribe).toHaveBeenCalledWith({
      typeAuth: "existing_user",
      email: "ana@exemplo.com",
      plan: quarterly,
      method: "pix",
    })
  },
}

export const Desktop: Story = {
  name: "Computador",
  args: { initialPlanId: quarterly.id },
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { canvas, subscribe } = ui(canvasElement)
    const plans = canvas.getByRole("group", { name: "Escolha um plano" }).getBoundingClientRect()
    const identification = canvas
      .getByRole("region", { name: "Identificação" })
      .getBoundingClientRect()
    // Two columns: identification sits to the right of the plans, at the same height.
    await expect(identification.left).toBeGreaterThan(plans.right)
    await expect(identification.top).toBeLessThan(plans.bottom)
    await expect(canvas.getByRole("radio", { name: /Trimestral/ })).toBeChecked()
    await expect(subscribe()).toBeDisabled()
  },
}

/** A viewport of exactly `width` pixels, to pin the two-column breakpoint of the spec (800 px). */
function widthViewport(width: number) {
  const name = `w${width}`
  return {
    parameters: {
      viewport: {
        options: {
          [name]: { name: `${width} px`, styles: { width: `${width}px`, height: "900px" } },
        },
      },
    },
    globals: { viewport: { value: name, isRotated: false } },
  }
}

function columns(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  return {
    plans: canvas.getByRole("group", { name: "Escolha um plano" }).getBoundingClientRect(),
    identification: canvas.getByRole("region", { name: "Identificação" }).getBoundingClientRect(),
  }
}

export const OneColumnAt799px: Story = {
  name: "Uma coluna (799 px)",
  ...widthViewport(799),
  args: { initialPlanId: quarterly.id },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(799)
    const { plans, identification } = columns(canvasElement)
    // One column: identification comes below the plans, aligned with them.
    await expect(identification.top).toBeGreaterThan(plans.bottom)
    await expect(identification.left).toBe(plans.left)
  },
}

export const TwoColumnsAt800px: Story = {
  name: "Duas colunas (800 px)",
  ...widthViewport(800),
  args: { initialPlanId: quarterly.id },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(800)
    const { plans, identification } = columns(canvasElement)
    await expect(identification.left).toBeGreaterThan(plans.right)
    await expect(identification.top).toBeLessThan(plans.bottom)
  },
}
