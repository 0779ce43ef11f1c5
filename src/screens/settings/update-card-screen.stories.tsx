import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  cardToken,
  cardTokenRejection,
  typeCard,
  typedCard,
} from "../../testing/fixtures/billing-cards.ts"
import { pageOf } from "../../testing/story-helpers.tsx"
import { UpdateCardScreen } from "./update-card-screen.tsx"

const meta = {
  title: "Telas/Minha conta/Atualizar cartão",
  tags: ["seguidora", "jornada-cartao"],
  component: UpdateCardScreen,
  args: {
    view: { status: "ready", creatorName: "Bruna Demo", due: { amountCents: 3189 } },
    backHref: "/demo/setting",
    profileHref: "/demo",
    onRetry: fn(),
    tokenizeCard: fn(async () => ({ ...cardToken })),
    onSubmit: fn(async () => {}),
  },
} satisfies Meta<typeof UpdateCardScreen>

export default meta
type Story = StoryObj<typeof meta>

const payButton = (el: HTMLElement) =>
  within(el).getByRole("button", { name: /^Pagar R\$\s31,89$/ })

/** What the screen hands to the container for `typedCard`. */
const submittedCard = {
  ...cardToken,
  accountName: "ANA DEMO",
  accountDocument: typedCard.accountDocument,
  cardHolderName: "ANA DEMO",
}

export const Loading: Story = {
  name: "Carregando",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Atualizar cartão" })).toBeVisible()
    await expect(canvas.getByText("Carregando")).toBeInTheDocument()
    await expect(canvas.queryByRole("button", { name: /Pagar|Salvar/ })).toBeNull()
  },
}

export const LoadError: Story = {
  name: "Erro ao carregar",
  args: { view: { status: "error", message: "Erro ao carregar os dados de assinatura" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Erro ao carregar os dados de assinatura")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

/** A refused card payment: the new card pays it. */
export const Idle: Story = {
  name: "Pagamento não aprovado, novo cartão",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: "Voltar" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
    await expect(canvas.getByText(/O último pagamento no cartão não foi aprovado/)).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Dados do cartão" })).toBeVisible()
    // Paying waits for a valid card.
    await expect(payButton(canvasElement)).toBeDisabled()
    await expect(canvas.getByText("Ambiente 100% seguro")).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Nothing due: the card only changes for the next renewals. */
export const IdleRenewalCard: Story = {
  name: "Cartão das renovações",
  args: { view: { status: "ready", creatorName: "Bruna Demo", due: null } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/usado nas próximas renovações/)).toBeVisible()
    await typeCard(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Salvar cartão" }))
    await expect(args.onSubmit).toHaveBeenCalledWith(submittedCard)
    await expect(await canvas.findByRole("heading", { name: "Cartão atualizado" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar para Minha conta" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
  },
}

export const InvalidFields: Story = {
  name: "Dados inválidos",
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await step("wrong values: each field says why, and paying waits", async () => {
      await expect(payButton(canvasElement)).toBeDisabled()
      await typeCard(canvasElement, {
        accountDocument: "12345678900",
        cardNumber: "4111111111111112",
      })
      await userEvent.tab()
      await expect(
        canvas.getByRole("textbox", { name: "CPF/CNPJ do titular da conta" }),
      ).toHaveAccessibleDescription("Documento inválido")
      await expect(
        canvas.getByRole("textbox", { name: "Número do cartão" }),
      ).toHaveAccessibleDescription("Número do cartão inválido")
      await expect(payButton(canvasElement)).toBeDisabled()
    })
    await step("the card provider refuses the number: its message, nothing sent", async () => {
      for (const name of ["CPF/CNPJ do titular da conta", "Número do cartão"])
        await userEvent.clear(canvas.getByRole("textbox", { name }))
      await typeCard(canvasElement)
      args.tokenizeCard.mockRejectedValueOnce(cardTokenRejection)
      await userEvent.click(payButton(canvasElement))
      await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
        "Número do cartão inválido",
      )
    })
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submitting: Story = {
  name: "Enviando",
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    await typeCard(canvasElement)
    await userEvent.click(payButton(canvasElement))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(submittedCard))
    await expect(payButton(canvasElement)).toBeDisabled()
    await expect(payButton(canvasElement)).toHaveAttribute("aria-busy", "true")
    await expect(
      within(canvasElement).getByRole("group", { name: "Dados do cartão" }),
    ).toBeDisabled()
  },
}

export const Success: Story = {
  name: "Pagamento aprovado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await typeCard(canvasElement)
    await userEvent.click(payButton(canvasElement))
    await expect(await canvas.findByRole("heading", { name: "Pagamento aprovado" })).toBeVisible()
    await expect(canvas.getByText(/Close Friends de Bruna Demo está liberado/)).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Ir para o perfil" })).toHaveAttribute(
      "href",
      "/demo",
    )
  },
}

export const RefusedByBank: Story = {
  name: "Transação negada",
  args: {
    onSubmit: fn(async () =>
      Promise.reject({ status: 422, message: "Transação negada", code: "card_declined" }),
    ),
  },
  play: async ({ canvasElement }) => {
    await typeCard(canvasElement)
    await userEvent.click(payButton(canvasElement))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Transação negada",
    )
    // The form stays, filled in, to try another card.
    await expect(payButton(canvasElement)).toBeEnabled()
    await expect(
      within(canvasElement).getByRole("textbox", { name: "Nome do titular da conta" }),
    ).toHaveValue(typedCard.accountName)
  },
}

export const NetworkError: Story = {
  name: "Sem conexão",
  args: {
    onSubmit: fn(async () =>
      Promise.reject({
        status: 0,
        message: "Não foi possível conectar. Verifique a sua internet e tente novamente.",
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    await typeCard(canvasElement)
    await userEvent.click(payButton(canvasElement))
    await expect(await pageOf(canvasElement).findByRole("alert")).toHaveTextContent(
      "Não foi possível conectar. Verifique a sua internet e tente novamente.",
    )
    await expect(payButton(canvasElement)).toBeEnabled()
  },
}
