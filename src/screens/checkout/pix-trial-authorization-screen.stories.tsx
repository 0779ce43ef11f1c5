import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { buildPixCode } from "../../domain/pix.ts"
import { PixTrialAuthorizationScreen } from "./pix-trial-authorization-screen.tsx"

/** An authorisation alone: the recurrence's location, no amount. */
const authorizationCode = buildPixCode({
  url: "pix.example.com/qr/v2/7c1e0b2a9f3d4e5c8b6a0d1f2e3c4b5a",
  recurrenceUrl: "pix.example.com/qr/v2/rec/rn7c1e0b2a9f3d4e5c8b6a0d1f2e3",
  name: "Closer Pagamentos",
  city: "Sao Paulo",
  singleUse: true,
})

const meta = {
  title: "Telas/Comprar com Pix/Teste grátis no Pix Automático",
  tags: ["seguidora", "jornada-pix-automatico"],
  component: PixTrialAuthorizationScreen,
  args: {
    pixCode: authorizationCode,
    firstDebitAt: "2026-11-29T15:00:00.000Z",
    amountCents: 3189,
    frequency: "MENSAL",
    onContinue: fn(),
    copyToClipboard: fn(async () => {}),
  },
  // The QR Code is drawn after a tick.
  parameters: { chromatic: { delay: 300 } },
} satisfies Meta<typeof PixTrialAuthorizationScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Monthly: Story = {
  name: "Autorizar o Pix Automático do teste grátis",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Seu teste grátis começou!" }),
    ).toBeVisible()
    await expect(canvas.getByText("Total hoje").nextElementSibling).toHaveTextContent("R$ 0,00")
    await expect(canvas.getByText("Primeiro débito em 29/11/2026")).toBeVisible()
    await expect(canvas.getByText(/não cobra nada agora/)).toHaveTextContent(
      "o débito de R$ 31,89 todo mês (MENSAL), a partir de 29/11/2026",
    )
    await expect(canvas.getByLabelText("Código Pix copia e cola")).toHaveValue(authorizationCode)
    await expect(
      await canvas.findByRole("img", { name: "QR Code do Pix Automático" }),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Copiar código!" }))
    await expect(args.copyToClipboard).toHaveBeenCalledWith(authorizationCode)
    await userEvent.click(canvas.getByRole("button", { name: "Ver o perfil" }))
    await expect(args.onContinue).toHaveBeenCalledOnce()
  },
}

export const Quarterly: Story = {
  name: "Teste grátis no plano trimestral",
  args: { frequency: "TRIMESTRAL", amountCents: 8170 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/não cobra nada agora/)).toHaveTextContent(
      "o débito de R$ 81,70 a cada 3 meses (TRIMESTRAL)",
    )
  },
}

/** The test environment: the sandbox's bank answers the authorisation, as the buyer's would. */
export const InSandbox: Story = {
  name: "Teste grátis no ambiente de teste",
  args: { sandbox: { onPay: fn(async () => {}), onRefuse: fn(async () => {}) } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const controls = canvas.getByRole("region", { name: "Ambiente de teste" })
    await userEvent.click(within(controls).getByRole("button", { name: "Simular autorização" }))
    await expect(args.sandbox!.onPay).toHaveBeenCalledOnce()
    await userEvent.click(within(controls).getByRole("button", { name: "Simular recusa" }))
    await expect(args.sandbox!.onRefuse).toHaveBeenCalledOnce()
    await expect(canvas.queryByRole("button", { name: "Simular pagamento" })).toBeNull()
  },
}
