import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, waitFor } from "storybook/test"
import { bannerImageSizes } from "../domain/images.ts"
import { placeholderImage, placeholderImageSet } from "../testing/fixtures/images.ts"
import { Banner } from "./banner.tsx"

const meta = {
  title: "Componentes/Banner (capa do perfil)",
  component: Banner,
  args: {
    src: placeholderImage(2, 1200, 400),
    image: placeholderImageSet(2, "banner", { width: 1200, height: 400 }),
  },
} satisfies Meta<typeof Banner>

export default meta
type Story = StoryObj<typeof meta>

const banner = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-slot="banner"]')!

export const Loaded: Story = {
  name: "Capa carregada",
  play: async ({ canvasElement, args }) => {
    const box = banner(canvasElement)
    await waitFor(() => expect(box).not.toHaveAttribute("aria-busy"))
    const img = box.querySelector("img")!
    await expect(img).toBeVisible()
    await expect(box.querySelector('[data-slot="skeleton"]')).toBeNull()
    // The page's largest picture: asked for first, in the widths of the whole viewport.
    await expect(img).toHaveAttribute("fetchpriority", "high")
    await expect(img).toHaveAttribute("loading", "eager")
    await expect(img).toHaveAttribute("sizes", bannerImageSizes)
    await expect(img).toHaveAttribute("srcset", args.image!.jpeg)
    const sources = [...box.querySelectorAll("source")]
    await expect(sources.map((source) => source.srcset)).toEqual([
      args.image!.avif,
      args.image!.webp,
    ])
    await expect(sources.map((source) => source.sizes)).toEqual([
      bannerImageSizes,
      bannerImageSizes,
    ])
  },
}

/** A banner not processed yet: its plain address, with the same skeleton until it loads. */
export const NotProcessedYet: Story = {
  name: "Capa ainda em processamento",
  args: { image: undefined },
  play: async ({ canvasElement, args }) => {
    const box = banner(canvasElement)
    await waitFor(() => expect(box).not.toHaveAttribute("aria-busy"))
    const img = box.querySelector("img")!
    await expect(img).toHaveAttribute("src", args.src)
    await expect(img).not.toHaveAttribute("srcset")
    await expect(img).toHaveAttribute("fetchpriority", "high")
  },
}

export const Loading: Story = {
  name: "Carregando",
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    await expect(box).toHaveAttribute("aria-busy", "true")
    await expect(box.querySelector('[data-slot="skeleton"]')).not.toBeNull()
    await expect(box.querySelector("img")).toBeNull()
  },
}

/** Same box before and after loading, so the profile below never jumps. */
export const KeepsItsSize: Story = {
  name: "Mantém o tamanho",
  render: (args) => (
    <div className="flex flex-col gap-2">
      <Banner {...args} loading />
      <Banner {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [loading, loaded] = canvasElement.querySelectorAll<HTMLElement>('[data-slot="banner"]')
    await waitFor(() => expect(loaded).not.toHaveAttribute("aria-busy"))
    await expect(loaded!.getBoundingClientRect().height).toBe(
      loading!.getBoundingClientRect().height,
    )
  },
}

export const WithoutPicture: Story = {
  name: "Sem capa",
  args: { src: null, image: undefined },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    await expect(box.querySelector("img")).toBeNull()
    await expect(box).not.toHaveAttribute("aria-busy")
  },
}

export const BrokenPicture: Story = {
  name: "Capa quebrada",
  args: {
    src: "data:image/png;base64,broken",
    image: {
      width: 1200,
      height: 400,
      avif: "data:image/avif;base64,broken 1200w",
      webp: "data:image/webp;base64,broken 1200w",
      jpeg: "data:image/jpeg;base64,broken 1200w",
      src: "data:image/jpeg;base64,broken",
    },
  },
  play: async ({ canvasElement }) => {
    const box = banner(canvasElement)
    // A failed picture falls back to the plain brand background instead of a broken icon.
    await waitFor(() => expect(box.querySelector("img")).toBeNull())
    await expect(box).not.toHaveAttribute("aria-busy")
  },
}
