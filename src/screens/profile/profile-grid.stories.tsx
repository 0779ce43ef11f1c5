import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { makeMedias } from "../../testing/fixtures/profile.ts"
import { GRID_TILE_SIZES, ProfileGrid } from "./profile-grid.tsx"

const meta = {
  title: "Telas/Perfil e stories/Partes/Grade de fotos",
  tags: ["seguidora"],
  component: ProfileGrid,
  args: {
    username: "demo",
    medias: makeMedias(9),
    state: "open",
    onOpenMedia: fn(),
    onSubscribe: fn(),
  },
} satisfies Meta<typeof ProfileGrid>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  name: "Grade aberta",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("tab", { name: "Fotos" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    const tiles = canvas.getAllByRole("button")
    await expect(tiles).toHaveLength(9)
    const image = tiles[0]!.querySelector("img")!
    // The tile's renditions, chosen for a third of the phone or of the desktop column.
    await expect(image).toHaveAttribute("srcset", args.medias[0]!.thumbImage!.jpeg)
    await expect(image).toHaveAttribute("sizes", GRID_TILE_SIZES)
    await expect(image).toHaveAttribute("width", "720")
    await expect(image).toHaveAttribute("height", "900")
    await expect(image).toHaveAttribute("loading", "eager")
    await expect(tiles[6]!.querySelector("img")).toHaveAttribute("loading", "lazy")
    await userEvent.click(tiles[2]!)
    await expect(args.onOpenMedia).toHaveBeenCalledWith("media-3")
  },
}

/** A 240 x 300 tile in the lighter formats the server makes beside the JPEG. */
const avifTile =
  "data:image/avif;base64,AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAAC4AAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAPAAAAEsAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAA2bWRhdBIACgk4HjvlbSAhoNIyHxJQmMEwAA0AAQCXytg4QG7vNKY0O5NtmzWH9w4kxh4="
const webpTile =
  "data:image/webp;base64,UklGRuoAAABXRUJQVlA4IN4AAADwEgCdASrwACwBPp1OpE4lpCOiICgAsBOJaW7hd2ENAArN2vFych77ZOQ99snIfQvpdrxcnI/55OQ99soGXi5OQ99uZfp7ZOQ+A/S7Xi5OREDych77ZOcRFych77ZjLT2ych78AQD32ych9C+l2vFycj/nk5D32ygZeLk5D325l+ntk5D4D9LteLk5EQPJyHvtk5xEXJyHvtmMtPbJyG8AAP7/tQNZ/+R2EN2Djqg6JnNCYoO58j8TVQF5w/T7en29Pt6fb0+3p9vT7en29Pt6fb0+3p9vT7en29IAAAA="

export const LighterFormats: Story = {
  name: "Formatos mais leves",
  args: {
    medias: makeMedias(3).map((media) => ({
      ...media,
      thumbImage: {
        width: 240,
        height: 300,
        avif: `${avifTile} 240w`,
        webp: `${webpTile} 240w`,
        jpeg: `${media.thumb} 240w`,
        src: media.thumb,
      },
    })),
  },
  play: async ({ canvasElement }) => {
    const images = within(canvasElement)
      .getAllByRole("button")
      .map((tile) => tile.querySelector("img")!)
    const sources = images[0]!.parentElement!.querySelectorAll("source")
    await expect([...sources].map((source) => source.type)).toEqual(["image/avif", "image/webp"])
    // The browser takes the AVIF and keeps the JPEG for those that cannot.
    await waitFor(() => expect(images[0]!.currentSrc).toBe(avifTile))
    await expect(images[0]!.getAttribute("src")).toMatch(/^data:image\/svg/)
  },
}

/** Photos posted before their renditions were made show their plain thumbnail, same box. */
export const NotProcessedYet: Story = {
  name: "Fotos em processamento",
  args: { medias: makeMedias(3, { thumbImage: undefined, image: undefined }) },
  play: async ({ canvasElement, args }) => {
    const image = within(canvasElement).getAllByRole("button")[0]!.querySelector("img")!
    await expect(image).toHaveAttribute("src", args.medias[0]!.thumb)
    await expect(image).not.toHaveAttribute("srcset")
    await expect(image.parentElement!.querySelectorAll("source")).toHaveLength(0)
    await expect(image).toHaveAttribute("width", "240")
    await expect(image).toHaveAttribute("height", "300")
  },
}

export const Locked: Story = {
  name: "Conteúdo exclusivo",
  args: { state: "locked", medias: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Assinar para ver" }))
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = {
  name: "Carregando fotos",
  args: { state: "loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Carregando fotos")).toBeInTheDocument()
    await expect(within(canvasElement).queryAllByRole("button")).toHaveLength(0)
  },
}

export const Empty: Story = {
  name: "Nenhuma foto publicada",
  args: { medias: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("@demo ainda não publicou fotos. Volte em breve!"),
    ).toBeVisible()
  },
}

/** More photos than the first page: the next loads as the grid's foot nears the viewport. */
export const MorePhotos: Story = {
  name: "Carregar mais fotos",
  args: { medias: makeMedias(12), more: { status: "more" }, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole("button", { name: "Carregar mais fotos" })
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled())
    const calls = (args.onLoadMore as ReturnType<typeof fn>).mock.calls.length
    await userEvent.click(canvas.getByRole("button", { name: "Carregar mais fotos" }))
    await expect(args.onLoadMore).toHaveBeenCalledTimes(calls + 1)
  },
}

export const LoadingMorePhotos: Story = {
  name: "Carregando mais fotos",
  args: { medias: makeMedias(12), more: { status: "loading" }, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("status")).toHaveTextContent("Carregando mais…")
    await expect(canvas.getAllByRole("button", { name: /^Foto/ })).toHaveLength(12)
    await userEvent.click(canvas.getByRole("button", { name: "Carregar mais fotos" }))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const EndOfPhotos: Story = {
  name: "Todas as fotos vistas",
  args: { medias: makeMedias(15), more: { status: "end" }, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("status")).toHaveTextContent("Você viu todas as fotos.")
    await expect(canvas.queryByRole("button", { name: /Carregar mais/ })).not.toBeInTheDocument()
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const MorePhotosError: Story = {
  name: "Erro ao carregar mais fotos",
  args: {
    medias: makeMedias(12),
    more: { status: "error", message: "Houve um erro inesperado." },
    onLoadMore: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // The photos already shown stay; only the next page failed.
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Houve um erro inesperado.")
    await userEvent.click(
      canvas.getByRole("button", { name: "Tentar de novo: Carregar mais fotos" }),
    )
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1)
  },
}
