import type { ImageSet } from "../../../../src/domain/images.ts"
import type { LinkOf } from "../storage/media-links.ts"
import { isValidKey } from "../storage/storage.ts"

/**
 * An image stored as renditions is named in the database by one string, an "image ref":
 * `img:<base>:<W>x<H>:<w1>,<w2>,...`, whose files are `<base>-<w>.avif|webp|jpg`. W x H is the
 * widest rendition's size. Rows written before the renditions existed hold a plain storage key
 * (no `img:`), which still works everywhere a ref does.
 */
export interface ImageRef {
  base: string
  width: number
  height: number
  /** Narrowest first; the last one is `width` wide. */
  widths: number[]
}

const prefix = "img:"
const formats = ["avif", "webp", "jpg"] as const
type Format = (typeof formats)[number]
const refPattern = /^img:([^:]+):(\d{1,5})x(\d{1,5}):(\d{1,5}(?:,\d{1,5}){0,7})$/

export const isImageRef = (value: string) => value.startsWith(prefix)

export function encodeImageRef(ref: ImageRef): string {
  return `${prefix}${ref.base}:${ref.width}x${ref.height}:${ref.widths.join(",")}`
}

/** The ref in `value`, or null for a plain key or anything malformed. */
export function parseImageRef(value: string): ImageRef | null {
  const match = refPattern.exec(value)
  if (!match) return null
  const [, base, width, height, list] = match
  const widths = list!.split(",").map(Number)
  const ordered = widths.every((w, i) => w > 0 && (i === 0 || w > widths[i - 1]!))
  if (!ordered || widths.at(-1) !== Number(width) || Number(height) <= 0) return null
  const ref = { base: base!, width: Number(width), height: Number(height), widths }
  // Every file it names must be a key the storage accepts.
  return isValidKey(renditionKey(ref, widths.at(-1)!, "avif")) ? ref : null
}

export const renditionKey = (ref: Pick<ImageRef, "base">, width: number, format: Format) =>
  `${ref.base}-${width}.${format}`

/** Every storage key behind a ref, or the key itself when it is a plain one. */
export function storageKeysOf(value: string): string[] {
  const ref = parseImageRef(value)
  if (!ref) return isImageRef(value) ? [] : [value]
  return ref.widths.flatMap((width) => formats.map((format) => renditionKey(ref, width, format)))
}

/** The JPEG of the given width, else the widest (or the plain key). */
export function jpegKeyOf(value: string, preferredWidth?: number): string {
  const ref = parseImageRef(value)
  if (!ref) return value
  const width =
    preferredWidth && ref.widths.includes(preferredWidth) ? preferredWidth : ref.widths.at(-1)!
  return renditionKey(ref, width, "jpg")
}

/** A URL for `<img src>`: the widest JPEG of a ref (or the width asked for), or the plain key's file. */
export const imageUrlOf = (link: LinkOf, value: string, preferredWidth?: number) =>
  link(jpegKeyOf(value, preferredWidth))

/** The renditions as `<picture>` needs them; undefined for a plain key (nothing to choose from). */
export function imageSetOf(value: string | null, link: LinkOf): ImageSet | undefined {
  const ref = value ? parseImageRef(value) : null
  if (!ref) return undefined
  const srcset = (format: Format) =>
    ref.widths.map((width) => `${link(renditionKey(ref, width, format))} ${width}w`).join(", ")
  return {
    width: ref.width,
    height: ref.height,
    avif: srcset("avif"),
    webp: srcset("webp"),
    jpeg: srcset("jpg"),
    src: link(renditionKey(ref, ref.width, "jpg")),
  }
}
