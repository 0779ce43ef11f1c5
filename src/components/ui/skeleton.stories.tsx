import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Skeleton } from "./skeleton.tsx"

const meta = {
  title: "Componentes/UI/Skeleton (carregando)",
  tags: ["autodocs"],
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

/** The one skeleton of the story, which screen readers must not hear. */
async function skeletonOf(canvasElement: HTMLElement) {
  const skeletons = canvasElement.querySelectorAll<HTMLElement>('[data-slot="skeleton"]')
  await expect(skeletons).toHaveLength(1)
  const skeleton = skeletons[0]!
  await expect(skeleton).toHaveAttribute("aria-hidden", "true")
  return { skeleton, box: skeleton.getBoundingClientRect(), style: getComputedStyle(skeleton) }
}

export const Block: Story = {
  name: "Bloco",
  args: { className: "aspect-[3/1] w-full" },
  play: async ({ canvasElement }) => {
    const { box, style } = await skeletonOf(canvasElement)
    await expect(box.width).toBeGreaterThan(0)
    await expect(box.height).toBeCloseTo(box.width / 3, 0)
    await expect(style.borderTopLeftRadius).not.toBe("0px")
    await expect(style.animationName).not.toBe("none")
  },
}

export const Text: Story = {
  name: "Texto",
  args: { shape: "text", className: "w-2/3" },
  play: async ({ canvasElement }) => {
    const { box } = await skeletonOf(canvasElement)
    // A line of text: 16 px high, fully rounded ends.
    await expect(box.height).toBe(16)
    await expect(box.width).toBeGreaterThan(box.height * 4)
  },
}

export const Circle: Story = {
  name: "Círculo",
  args: { shape: "circle", className: "size-20" },
  play: async ({ canvasElement }) => {
    const { box, style } = await skeletonOf(canvasElement)
    await expect(box.width).toBe(80)
    await expect(box.height).toBe(80)
    await expect(style.borderTopLeftRadius).not.toBe("0px")
  },
}

/** How a screen composes skeletons: one status for the region, shapes that match the content. */
export const ProfileLoading: Story = {
  name: "Perfil carregando",
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
