import type { Meta, StoryObj } from "@storybook/react-vite"
import { expectDecorativeIcons, IconGallery } from "../../testing/icon-gallery.tsx"
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
  render: () => <IconGallery icons={icons} />,
  play: async ({ canvasElement }) => {
    await expectDecorativeIcons(canvasElement, Object.keys(icons).length)
  },
}
