/**
 * Every image a person uploads is decoded, stripped of its metadata and written again as
 * renditions: a few widths of one use, each in AVIF, WebP and JPEG. The original is never kept
 * (a receipt is kept once, re-encoded, for the creator's review).
 */

/** The largest picture accepted, in pixels: checked before decoding, so a bomb costs nothing. */
export const IMAGE_MAX_PIXELS = 50_000_000
export const imageTooManyPixelsMessage =
  "A imagem é grande demais: envie uma foto de até 50 megapixels."
export const imageUnreadableMessage =
  "Não conseguimos ler esta imagem. Envie uma foto em JPEG, PNG, WebP ou AVIF."

export type ImageUse = "grid" | "photo" | "story" | "avatar" | "banner" | "cover"

/**
 * The widths written for each use (never wider than the source), and the shape it is cut to.
 * grid: the photo grid's 4:5 tiles (a third of a phone, 240 px on a desktop column), at 1x to 3x.
 * photo: the feed and the viewer, a phone's width or a desktop column, at 1x to 2x.
 * story: the 9:16 viewer on a phone and on a desktop. avatar and cover: circles of 32 to 88 px.
 * banner: the 3:1 box across a phone, 5:1 on a desktop column.
 */
export const imageUses: Record<ImageUse, { widths: readonly number[]; aspect: number | null }> = {
  grid: { widths: [240, 480, 720], aspect: 4 / 5 },
  photo: { widths: [640, 1080, 1600], aspect: null },
  story: { widths: [540, 1080], aspect: null },
  avatar: { widths: [128, 256], aspect: 1 },
  banner: { widths: [640, 1080, 1600], aspect: 3 },
  cover: { widths: [128, 256], aspect: 1 },
}

/**
 * The banner spans the page's width: the `sizes` of its `<picture>` and of the server-drawn
 * page's preload, which must agree or the browser fetches two widths.
 */
export const bannerImageSizes = "100vw"

/**
 * One image's renditions as the browser needs them for `<picture>` (ImageSetSchema in
 * models.ts checks it). A plain type here: the banner reads this module on the first paint,
 * which must not load zod.
 */
export type ImageSet = {
  /** Size of the widest rendition; with `height` it gives the box its ratio before loading. */
  width: number
  height: number
  /** `srcset` values, "url 240w, url 480w", one per format. */
  avif: string
  webp: string
  jpeg: string
  /** The widest JPEG, for `<img src>`. */
  src: string
}
