import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState, type FormEvent } from "react"
import { expect, fn, userEvent, within } from "storybook/test"
import { Button } from "../../components/ui/button.tsx"
import {
  saoPauloWallClock,
  scheduledForOf,
  scheduleInPastMessage,
  scheduleInvalidMessage,
  scheduleTooFarMessage,
} from "../../domain/scheduled-posts.ts"
import {
  noSchedule,
  ScheduleFields,
  scheduleError,
  type ScheduleFieldsProps,
} from "./schedule-fields.tsx"

type ScheduleFormProps = ScheduleFieldsProps & { onSend: (scheduledFor: string | null) => void }

/**
 * The fields as the upload forms hold them: the value in state, checked against now once the
 * creator tries to send, and emptied again once sent.
 */
function ScheduleForm({ onSend, ...props }: ScheduleFormProps) {
  const [value, setValue] = useState(props.value)
  const [checked, setChecked] = useState(false)
  const error = checked ? scheduleError(value) : undefined
  const send = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (scheduleError(value)) return
    onSend(scheduledForOf(value))
    setValue(noSchedule)
    setChecked(false)
  }
  return (
    <form aria-label="Novo post" onSubmit={send} noValidate className="flex flex-col gap-4 p-4">
      <ScheduleFields
        {...props}
        value={value}
        error={props.error ?? error}
        onChange={(next) => {
          setValue(next)
          props.onChange(next)
        }}
      />
      <Button type="submit" className="self-start" disabled={props.disabled}>
        Enviar
      </Button>
    </form>
  )
}

const meta = {
  title: "Telas/Estúdio/Partes/Programar publicação",
  tags: ["criadora"],
  component: ScheduleFields,
  args: { value: noSchedule, onChange: fn(), onSend: fn() },
  render: (args) => <ScheduleForm {...args} />,
} satisfies Meta<ScheduleFormProps>

export default meta
type Story = StoryObj<typeof meta>

/** Types a date and a time, then sends. */
async function scheduleAt(canvasElement: HTMLElement, date: string, time: string) {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByLabelText("Data"), date)
  await userEvent.type(canvas.getByLabelText("Horário"), time)
  await userEvent.click(canvas.getByRole("button", { name: "Enviar" }))
  return canvas
}

export const Off: Story = {
  name: "Sem programação (publica agora)",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Programar (opcional)" })).toBeVisible()
    await expect(canvas.getByLabelText("Data")).toHaveValue("")
    await expect(canvas.getByLabelText("Horário")).toHaveValue("")
    await expect(canvas.getByText("Horário de São Paulo. Em branco, publica agora.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Enviar" }))
    await expect(args.onSend).toHaveBeenCalledWith(null)
    await expect(canvas.getByLabelText("Data")).not.toHaveAttribute("aria-invalid")
  },
}

export const Scheduled: Story = {
  name: "Com data e horário",
  args: { value: { scheduleDate: "2026-12-01", scheduleTime: "15:30" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Data")).toHaveValue("2026-12-01")
    await expect(canvas.getByLabelText("Horário")).toHaveValue("15:30")
    // No error until she tries to send.
    await expect(canvas.getByLabelText("Data")).not.toHaveAttribute("aria-invalid")
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Sent: Story = {
  name: "Programado e enviado",
  play: async ({ canvasElement, args }) => {
    // Two days from the real today: the time is checked against the device's clock.
    const day = saoPauloWallClock(new Date(Date.now() + 2 * 86_400_000)).date
    const canvas = await scheduleAt(canvasElement, day, "08:15")
    await expect(args.onChange).toHaveBeenLastCalledWith({
      scheduleDate: day,
      scheduleTime: "08:15",
    })
    // São Paulo is three hours behind UTC.
    await expect(args.onSend).toHaveBeenCalledWith(`${day}T11:15:00.000Z`)
    // Emptied once sent, as the upload forms do (and the screenshot keeps no date of today's).
    await expect(canvas.getByLabelText("Data")).toHaveValue("")
  },
}

export const InPast: Story = {
  name: "Horário no passado",
  play: async ({ canvasElement, args }) => {
    const canvas = await scheduleAt(canvasElement, "2020-01-15", "10:00")
    await expect(canvas.getByText(scheduleInPastMessage)).toBeVisible()
    await expect(canvas.getByLabelText("Data")).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByLabelText("Data")).toHaveAccessibleDescription(
      `Horário de São Paulo. Em branco, publica agora. ${scheduleInPastMessage}`,
    )
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const TooFar: Story = {
  name: "Mais de 90 dias à frente",
  play: async ({ canvasElement, args }) => {
    const canvas = await scheduleAt(canvasElement, "2099-12-31", "10:00")
    await expect(canvas.getByText(scheduleTooFarMessage)).toBeVisible()
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const DateWithoutTime: Story = {
  name: "Data sem horário",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("Data"), "2099-12-31")
    await userEvent.click(canvas.getByRole("button", { name: "Enviar" }))
    await expect(canvas.getByText(scheduleInvalidMessage)).toBeVisible()
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  name: "Desativado durante o envio",
  args: { value: { scheduleDate: "2026-12-01", scheduleTime: "15:30" }, disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Data")).toBeDisabled()
    await expect(canvas.getByLabelText("Horário")).toBeDisabled()
    await userEvent.type(canvas.getByLabelText("Horário"), "09:45")
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const OwnLegend: Story = {
  name: "Com outra legenda",
  args: { legend: "Nova data de publicação" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: "Nova data de publicação" })).toBeVisible()
  },
}
