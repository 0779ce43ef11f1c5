import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Skeleton } from "./skeleton.tsx"

const meta = {
  title: "UI/Skeleton",
  component: Skeleton,
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

export const Block: Story = { args: { className: "aspect-[3/1] w-full" } }

export const Text: Story = { args: { shape: "text", className: "w-2/3" } }

export const Circle: Story = { args: { shape: "circle", className: "size-20" } }

/** How a screen composes skeletons: one status for the region, shapes that match the content. */
export const ProfileLoading: Story = {
  render: () => (
    <section aria-busy="true" aria-labelledby="loading-profile" className="flex flex-col gap-4">
      <h2 id="loading-profile" className="sr-only">
        Carregando perfil
      </h2>
      <Skeleton className="aspect-[3/1] w-full" />
      <div className="flex items-center gap-4">
        <Skeleton shape="circle" className="size-20" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton shape="text" className="w-1/2" />
          <Skeleton shape="text" className="w-1/3" />
        </div>
      </div>
      <div className="grid grid-cols-3 gap-1">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/5] rounded-none" />
        ))}
      </div>
    </section>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Carregando perfil" })
    await expect(region).toHaveAttribute("aria-busy", "true")
    for (const bar of region.querySelectorAll('[data-slot="skeleton"]')) {
      await expect(bar).toHaveAttribute("aria-hidden", "true")
    }
  },
}
