import sharp, { type Sharp } from "sharp"
import {
  IMAGE_MAX_PIXELS,
  imageTooManyPixelsMessage,
  imageUses,
  type ImageUse,
} from "../../../../src/domain/images.ts"
import { ValidationError } from "../../errors.ts"

/** One width of an image, in the three formats browsers choose from. */
export interface Rendition {
  width: number
  height: number
  avif: Buffer
  webp: Buffer
  jpeg: Buffer
}

export interface RenderedImage {
  /** The source's size as it is seen (EXIF orientation applied). */
  source: { width: number; height: number }
  /** Narrowest first. */
  renditions: Rendition[]
}

/** What an image upload is: a file on disk (a streamed upload) or bytes. */
export type ImageInput = string | Buffer

export const tooManyPixelsCode = "image_too_large_pixels"
export const unreadableImageCode = "invalid_file_type"

const decodeOptions = { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS } as const

/** The refusal of a file that is no image the decoder can read, in the upload's own words. */
export const unreadable = (message: string) =>
  new ValidationError(message, unreadableImageCode, "file")

/**
 * The image's size as shown, from its header alone: a picture over IMAGE_MAX_PIXELS (a
 * decompression bomb of a few kilobytes, say) is refused before a single pixel is decoded.
 * `typeMessage` is the upload's own refusal for a file that is no readable image.
 */
export async function readImageSize(input: ImageInput, typeMessage: string) {
  let meta
  try {
    // The header only, so no pixel limit is needed to read it; the cap is ours, below.
    meta = await sharp(input, { failOn: "error", limitInputPixels: false }).metadata()
  } catch {
    throw unreadable(typeMessage)
  }
  if (!meta.width || !meta.height) throw unreadable(typeMessage)
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) {
    throw new ValidationError(imageTooManyPixelsMessage, tooManyPixelsCode, "file")
  }
  return { width: meta.autoOrient.width, height: meta.autoOrient.height }
}

/** The decoded source, turned upright and in sRGB; encoders write no metadata unless told to. */
export const upright = (input: ImageInput): Sharp =>
  sharp(input, decodeOptions).rotate().toColorspace("srgb")

/** The widths to write: the use's widths the source can fill, or one at the source's own width. */
function widthsFor(use: ImageUse, source: { width: number; height: number }) {
  const { widths, aspect } = imageUses[use]
  // A cut to the use's shape can be at most this wide.
  const widest = aspect
    ? Math.max(1, Math.floor(Math.min(source.width, source.height * aspect)))
    : source.width
  const fitting = widths.filter((width) => width <= widest)
  return fitting.length ? fitting : [widest]
}

const heightFor = (use: ImageUse, width: number, source: { width: number; height: number }) => {
  const { aspect } = imageUses[use]
  return Math.max(1, Math.round(aspect ? width / aspect : (width * source.height) / source.width))
}

async function encode(image: Sharp, width: number, height: number): Promise<Rendition> {
  const sized = image.clone().resize(width, height, { fit: "cover", position: "attention" })
  const [avif, webp, jpeg] = await Promise.all([
    sized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
    sized.clone().webp({ quality: 70 }).toBuffer(),
    // JPEG has no transparency: a transparent PNG is laid on white rather than black.
    sized
      .clone()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer(),
  ])
  return { width, height, avif, webp, jpeg }
}

/**
 * Decodes an uploaded image (which proves it is one), turns it upright, drops every piece of
 * metadata (EXIF with its GPS, XMP, IPTC, ICC: the pixels are converted to sRGB instead), cuts
 * it to the use's shape and writes each of the use's widths as AVIF, WebP and JPEG.
 */
export async function renderImage(
  input: ImageInput,
  use: ImageUse,
  typeMessage: string,
): Promise<RenderedImage> {
  const source = await readImageSize(input, typeMessage)
  const image = upright(input)
  try {
    const renditions: Rendition[] = []
    // One width at a time: the machine is small and uploads come in parallel.
    for (const width of widthsFor(use, source)) {
      renditions.push(await encode(image, width, heightFor(use, width, source)))
    }
    return { source, renditions }
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw unreadable(typeMessage)
  }
}
