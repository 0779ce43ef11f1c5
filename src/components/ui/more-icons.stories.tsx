import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import {
  CheckIcon,
  CopyIcon,
  CreditCardIcon,
  EyeIcon,
  EyeOffIcon,
  HeartIcon,
  LogOutIcon,
  PauseIcon,
  PlayIcon,
  RefreshIcon,
  TrashIcon,
  VolumeIcon,
  VolumeOffIcon,
} from "./more-icons.tsx"

const icons = {
  CheckIcon,
  CopyIcon,
  CreditCardIcon,
  EyeIcon,
  EyeOffIcon,
  HeartIcon,
  LogOutIcon,
  PauseIcon,
  PlayIcon,
  RefreshIcon,
  TrashIcon,
  VolumeIcon,
  VolumeOffIcon,
}

const meta = {
  title: "Componentes/UI/More icons (mais ícones)",
  tags: ["autodocs"],
  component: CheckIcon,
  parameters: { layout: "centered" },
} satisfies Meta<typeof CheckIcon>

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
      <li className="flex flex-col items-center gap-1 text-xs">
        <HeartIcon filled className="size-6 text-danger" />
        Curtido
      </li>
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const svgs = canvasElement.querySelectorAll('svg[data-slot="icon"]')
    await expect(svgs).toHaveLength(Object.keys(icons).length + 1)
    // Hidden from assistive technology: the control around an icon names it.
    for (const svg of svgs) await expect(svg).toHaveAttribute("aria-hidden", "true")
    // The liked heart is filled.
    await expect(svgs[svgs.length - 1]).toHaveAttribute("fill", "currentColor")
  },
}
