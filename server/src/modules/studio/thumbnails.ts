import sharp from "sharp"

/** Grid tiles are at most 240 CSS px wide at 4:5; twice that covers 2x phone screens. */
export const thumbnailWidth = 480
export const thumbnailHeight = 600
/** A photo larger than this many pixels is refused by the decoder (a decompression bomb). */
const maxInputPixels = 50_000_000

export interface Thumbnails {
  avif: Buffer
  webp: Buffer
  jpeg: Buffer
  /** The original photo's size, oriented as shown. */
  width: number
  height: number
}

/**
 * The grid's three formats of one photo, cropped to 4:5: AVIF and WebP for browsers that take
 * them (a fraction of the bytes), JPEG for the rest. Null when the file cannot be decoded.
 */
export async function createThumbnails(input: string): Promise<Thumbnails | null> {
  try {
    const source = sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" }).rotate()
    const meta = await source.metadata()
    const tile = source
      .clone()
      .resize(thumbnailWidth, thumbnailHeight, { fit: "cover", withoutEnlargement: true })
    const [avif, webp, jpeg] = await Promise.all([
      tile.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
      tile.clone().webp({ quality: 70 }).toBuffer(),
      tile.clone().jpeg({ quality: 75, mozjpeg: true }).toBuffer(),
    ])
    const turned = (meta.orientation ?? 1) >= 5
    return {
      avif,
      webp,
      jpeg,
      width: (turned ? meta.height : meta.width) ?? thumbnailWidth,
      height: (turned ? meta.width : meta.height) ?? thumbnailHeight,
    }
  } catch {
    return null
  }
}
