import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import {
  AlertCircleIcon,
  ChatIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  CloseIcon,
  GridIcon,
  ImageIcon,
  InfoIcon,
  LockIcon,
  MoreIcon,
} from "./icons.tsx"

const icons = {
  AlertCircleIcon,
  ChatIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  CloseIcon,
  GridIcon,
  ImageIcon,
  InfoIcon,
  LockIcon,
  MoreIcon,
}

const meta = {
  title: "Componentes/UI/Icons (ícones)",
  tags: ["autodocs"],
  component: CloseIcon,
  parameters: { layout: "centered" },
} satisfies Meta<typeof CloseIcon>

export default meta
type Story = StoryObj<typeof meta>

export const All: Story = {
  name: "Todos os ícones",
  render: () => (
    <ul className="grid grid-cols-4 gap-4 p-4 text-ink">
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} className="flex flex-col items-center gap-1 text-xs">
          <Icon className="size-6" />
          {name.replace("Icon", "")}
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const svgs = canvasElement.querySelectorAll('svg[data-slot="icon"]')
    await expect(svgs).toHaveLength(Object.keys(icons).length)
    // Hidden from assistive technology: the control around an icon names it.
    for (const svg of svgs) await expect(svg).toHaveAttribute("aria-hidden", "true")
  },
}
