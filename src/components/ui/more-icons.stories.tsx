import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { expectDecorativeIcons, IconGallery } from "../../testing/icon-gallery.tsx"
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
    <IconGallery
      icons={icons}
      extra={
        <li className="flex flex-col items-center gap-1 text-xs">
          <HeartIcon filled className="size-6 text-danger" />
          Curtido
        </li>
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const svgs = await expectDecorativeIcons(canvasElement, Object.keys(icons).length + 1)
    // The liked heart is filled.
    await expect(svgs[svgs.length - 1]).toHaveAttribute("fill", "currentColor")
  },
}
