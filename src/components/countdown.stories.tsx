import { useState } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { FIXED_NOW, minutesFrom } from "../testing/fixtures/clock.ts"
import { Countdown } from "./countdown.tsx"
import { Button } from "./ui/button.tsx"

const meta = {
  title: "Componentes/Countdown (contagem do Pix)",
  component: Countdown,
  args: {
    now: FIXED_NOW,
    expiresAt: minutesFrom(FIXED_NOW, 30),
    label: "Expira em",
    onExpire: fn(),
  },
  // Chromatic: the colour change at two minutes settles before the snapshot.
  parameters: { layout: "centered", chromatic: { delay: 300 } },
} satisfies Meta<typeof Countdown>

export default meta
type Story = StoryObj<typeof meta>

const timer = (root: HTMLElement) => within(root).getByRole("timer")
const spoken = (root: HTMLElement) => root.querySelector('[aria-live="polite"]')

export const Running: Story = {
  name: "Contagem em andamento",
  play: async ({ canvasElement, args }) => {
    await expect(timer(canvasElement)).toHaveTextContent("30:00")
    await expect(within(canvasElement).getByText("Expira em")).toBeVisible()
    await expect(spoken(canvasElement)).toHaveTextContent("Restam 30 minutos")
    await expect(canvasElement.querySelector('[data-slot="countdown"]')).toHaveAttribute(
      "data-state",
      "running",
    )
    await expect(args.onExpire).not.toHaveBeenCalled()
  },
}

export const NearlyExpired: Story = {
  name: "Quase expirando",
  args: { expiresAt: minutesFrom(FIXED_NOW, 1.5) },
  play: async ({ canvasElement }) => {
    await expect(timer(canvasElement)).toHaveTextContent("01:30")
    await expect(spoken(canvasElement)).toHaveTextContent("Restam 2 minutos")
    const countdown = canvasElement.querySelector('[data-slot="countdown"]')
    await expect(countdown).toHaveAttribute("data-state", "ending")
    await expect(countdown).toHaveClass("text-danger-ink")
  },
}

export const Expired: Story = {
  name: "Tempo esgotado",
  args: { expiresAt: minutesFrom(FIXED_NOW, -1) },
  play: async ({ canvasElement, args }) => {
    await expect(timer(canvasElement)).toHaveTextContent("00:00")
    await expect(spoken(canvasElement)).toHaveTextContent("Tempo esgotado")
    // Called from an effect, which a production build runs a moment after the first paint.
    await waitFor(() => expect(args.onExpire).toHaveBeenCalledTimes(1))
  },
}

/** The caller owns the clock; here two buttons move it, the way a Pix screen's interval would. */
function TickingCountdown(props: { onExpire: () => void }) {
  const [now, setNow] = useState(FIXED_NOW.getTime())
  return (
    <div className="flex flex-col items-center gap-4">
      <Countdown now={now} expiresAt={minutesFrom(FIXED_NOW, 2)} onExpire={props.onExpire} />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => setNow((t) => t + 1_000)}>
          +1 segundo
        </Button>
        <Button variant="secondary" onClick={() => setNow((t) => t + 60_000)}>
          +1 minuto
        </Button>
      </div>
    </div>
  )
}

export const TicksUntilExpired: Story = {
  name: "Contagem a cada segundo",
  render: (args) => <TickingCountdown onExpire={args.onExpire!} />,
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await step("a second passes: the time changes, the spoken text does not", async () => {
      await expect(timer(canvasElement)).toHaveTextContent("02:00")
      await expect(spoken(canvasElement)).toHaveTextContent("Restam 2 minutos")
      await userEvent.click(canvas.getByRole("button", { name: "+1 segundo" }))
      await expect(timer(canvasElement)).toHaveTextContent("01:59")
      await expect(spoken(canvasElement)).toHaveTextContent("Restam 2 minutos")
    })
    await step("a minute later the spoken text updates", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "+1 minuto" }))
      await expect(timer(canvasElement)).toHaveTextContent("00:59")
      await expect(spoken(canvasElement)).toHaveTextContent("Resta 1 minuto")
    })
    await step("onExpire fires once, however long the clock keeps ticking", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "+1 minuto" }))
      await expect(timer(canvasElement)).toHaveTextContent("00:00")
      await userEvent.click(canvas.getByRole("button", { name: "+1 segundo" }))
      await expect(args.onExpire).toHaveBeenCalledTimes(1)
    })
  },
}
