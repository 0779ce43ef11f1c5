import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, waitFor } from "storybook/test"
import {
  placeholderImage,
  placeholderImageSet,
  withBlobAddresses,
} from "../testing/fixtures/images.ts"
import { Picture } from "./picture.tsx"

const image = placeholderImageSet(3, "grid", { width: 720, height: 900, label: "4:5" })
/** The box below is 160 px wide at every viewport width. */
const sizes = "160px"

const meta = {
  title: "Componentes/Picture (imagem)",
  component: Picture,
  args: {
    image,
    src: placeholderImage(3, 240, 300, "4:5"),
    sizes,
    width: 240,
    height: 300,
    alt: "Foto dos bastidores",
    className: "aspect-[4/5] w-40 object-cover",
  },
  parameters: { layout: "centered" },
} satisfies Meta<typeof Picture>

export default meta
type Story = StoryObj<typeof meta>

const parts = (root: HTMLElement) => {
  const picture = root.querySelector<HTMLPictureElement>('[data-slot="picture"]')!
  return {
    picture,
    sources: [...picture.querySelectorAll("source")],
    img: picture.querySelector("img")!,
  }
}

/** AVIF first, then WebP, then the JPEG widths on the image itself, all with the same sizes. */
export const WithImageSet: Story = {
  name: "Com versões da imagem",
  play: async ({ canvasElement }) => {
    const { sources, img } = parts(canvasElement)
    await expect(sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"])
    await expect(sources.map((source) => source.srcset)).toEqual([image.avif, image.webp])
    await expect(sources.map((source) => source.sizes)).toEqual([sizes, sizes])
    await expect(img).toHaveAttribute("srcset", image.jpeg)
    await expect(img).toHaveAttribute("sizes", sizes)
    await expect(img).toHaveAttribute("src", image.src)
    // The set's own size: the box has its 4:5 ratio before the picture arrives.
    await expect(img).toHaveAttribute("width", "720")
    await expect(img).toHaveAttribute("height", "900")
    await expect(img).toHaveAccessibleName("Foto dos bastidores")
    // The browser takes the AVIF. (Which width is not asserted: Chromium counts every data:
    // address as already loaded and takes the widest, where a real address takes the narrowest.)
    await waitFor(() => expect(decodeURIComponent(img.currentSrc)).toContain("<!--avif "))
  },
}

/** An image not processed yet: the plain address, at the size given. */
export const WithoutImageSet: Story = {
  name: "Sem versões da imagem",
  args: { image: undefined },
  play: async ({ canvasElement, args }) => {
    const { sources, img } = parts(canvasElement)
    await expect(sources).toHaveLength(0)
    await expect(img).toHaveAttribute("src", args.src)
    await expect(img).not.toHaveAttribute("srcset")
    await expect(img).not.toHaveAttribute("sizes")
    await expect(img).toHaveAttribute("width", "240")
    await expect(img).toHaveAttribute("height", "300")
    await waitFor(() => expect(img.currentSrc).toBe(args.src))
  },
}

/** Loading hints reach the image; the picture adds no box of its own. */
export const LoadingHints: Story = {
  name: "Carregamento prioritário",
  args: { loading: "eager", fetchPriority: "high", decoding: "sync" },
  play: async ({ canvasElement }) => {
    const { picture, img } = parts(canvasElement)
    await expect(img).toHaveAttribute("loading", "eager")
    await expect(img).toHaveAttribute("fetchpriority", "high")
    await expect(img).toHaveAttribute("decoding", "sync")
    await expect(getComputedStyle(picture).display).toBe("contents")
    await expect(img.getBoundingClientRect().width).toBe(160)
  },
}

/** At real addresses the browser takes the narrowest width that fills the box at 1x. */
export const PicksTheWidthItsBoxNeeds: Story = {
  name: "Escolhe a largura do espaço",
  loaders: [async () => ({ blobImage: await withBlobAddresses(image) })],
  render: (args, { loaded }) => (
    <div className="flex items-start gap-2">
      <Picture {...args} image={loaded.blobImage as typeof image} />
      <Picture {...args} image={loaded.blobImage as typeof image} sizes="400px" />
    </div>
  ),
  play: async ({ canvasElement, loaded }) => {
    const blobImage = loaded.blobImage as typeof image
    const [small, large] = canvasElement.querySelectorAll("img")
    const avif = blobImage.avif.split(", ").map((candidate) => candidate.split(" ")[0])
    await waitFor(() => expect(small!.currentSrc).toBe(avif[0]))
    await waitFor(() => expect(large!.currentSrc).toBe(avif[1]))
  },
}

/** In a flex column with gaps the picture takes one gap, as a lone `<img>` would. */
export const InAFlexColumn: Story = {
  name: "Em uma coluna",
  render: (args) => (
    <div className="flex flex-col gap-4">
      <span>Antes</span>
      <Picture {...args} />
      <span>Depois</span>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const before = canvasElement.querySelector("span")!.getBoundingClientRect()
    const img = canvasElement.querySelector("img")!.getBoundingClientRect()
    const after = canvasElement.querySelectorAll("span")[1]!.getBoundingClientRect()
    await expect(img.top - before.bottom).toBe(16)
    await expect(after.top - img.bottom).toBe(16)
  },
}
