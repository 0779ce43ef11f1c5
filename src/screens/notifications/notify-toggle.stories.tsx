import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  notificationsNeedAccessMessage,
  notifyToggleLabel,
  pushDeniedMessage,
} from "../../domain/notification-texts.ts"
import { NotifyToggle, type NotifyToggleProps } from "./notify-toggle.tsx"

/** The switch as a page holds it: its value follows what was saved. */
function Saved(props: NotifyToggleProps) {
  const [enabled, setEnabled] = useState(props.enabled)
  return (
    <NotifyToggle
      {...props}
      enabled={enabled}
      onChange={async (next) => {
        const note = await props.onChange(next)
        setEnabled(next)
        return note
      }}
    />
  )
}

const meta = {
  title: "Telas/Perfil e stories/Partes/Avisar quando tiver novidade",
  tags: ["seguidora"],
  component: NotifyToggle,
  render: (args) => <Saved {...args} />,
  args: {
    label: notifyToggleLabel,
    enabled: false,
    onChange: fn(async (_next: boolean): Promise<string | void> => undefined),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotifyToggle>

export default meta
type Story = StoryObj<typeof meta>

const toggle = (el: HTMLElement) => within(el).getByRole("switch", { name: notifyToggleLabel })

export const Off: Story = {
  name: "Desligado: liga com um toque",
  play: async ({ canvasElement, args }) => {
    await expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "false")
    await userEvent.click(toggle(canvasElement))
    await expect(args.onChange).toHaveBeenCalledWith(true)
    await waitFor(() => expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "true"))
  },
}

export const On: Story = {
  name: "Ligado: desliga com um toque",
  args: { enabled: true },
  play: async ({ canvasElement, args }) => {
    await expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "true")
    await userEvent.click(toggle(canvasElement))
    await expect(args.onChange).toHaveBeenCalledWith(false)
    await waitFor(() => expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "false"))
  },
}

export const Saving: Story = {
  name: "Salvando",
  args: { onChange: fn((_next: boolean): Promise<string | void> => new Promise(() => undefined)) },
  play: async ({ canvasElement }) => {
    await userEvent.click(toggle(canvasElement))
    await expect(toggle(canvasElement)).toBeDisabled()
    await expect(toggle(canvasElement)).toHaveAttribute("aria-busy", "true")
    await expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "false")
  },
}

export const PushDenied: Story = {
  name: "Navegador bloqueou notificações: só o e-mail",
  args: { onChange: fn(async (_next: boolean): Promise<string | void> => pushDeniedMessage) },
  play: async ({ canvasElement }) => {
    await userEvent.click(toggle(canvasElement))
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent(
      pushDeniedMessage,
    )
    await expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "true")
  },
}

export const Refused: Story = {
  name: "Sem assinatura ativa: recusado",
  args: {
    onChange: fn(async (_next: boolean): Promise<string | void> => {
      throw Object.assign(new Error(notificationsNeedAccessMessage), {
        code: "notifications_need_access",
      })
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(toggle(canvasElement))
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      notificationsNeedAccessMessage,
    )
    await expect(toggle(canvasElement)).toHaveAttribute("aria-checked", "false")
    await expect(toggle(canvasElement)).toBeEnabled()
  },
}
