import sharp from "sharp"
import { readImageSize, unreadable, upright, type ImageInput } from "./image-pipeline.ts"

/** Enough to read every line of a long banking-app screenshot. */
export const receiptMaxSide = 2400
/** Receipts written by this step end so; older ones (as the buyer sent them) do not. */
export const cleanReceiptSuffix = ".clean"

export const isCleanReceiptKey = (key: string) =>
  key.endsWith(`${cleanReceiptSuffix}.jpg`) || key.endsWith(`${cleanReceiptSuffix}.png`)

/** `receipts/<profile>/<id>` plus the suffix and extension of a re-encoded receipt. */
export const cleanReceiptKey = (base: string, ext: "jpg" | "png") =>
  `${base}${cleanReceiptSuffix}.${ext}`

/**
 * A buyer's receipt, written again without any metadata (a phone photo carries the buyer's
 * location): a PNG stays PNG, as a screenshot's text stays sharp; anything else becomes JPEG.
 * The longest side is capped; a smaller receipt keeps its size.
 */
export async function reencodeReceipt(
  input: ImageInput,
  typeMessage: string,
): Promise<{ data: Buffer; ext: "jpg" | "png" }> {
  await readImageSize(input, typeMessage)
  const { format } = await sharp(input).metadata()
  const image = upright(input).resize(receiptMaxSide, receiptMaxSide, {
    fit: "inside",
    withoutEnlargement: true,
  })
  try {
    if (format === "png")
      return { data: await image.png({ compressionLevel: 9 }).toBuffer(), ext: "png" }
    const jpeg = image.flatten({ background: "#ffffff" }).jpeg({ quality: 88, mozjpeg: true })
    return { data: await jpeg.toBuffer(), ext: "jpg" }
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw unreadable(typeMessage)
  }
}
