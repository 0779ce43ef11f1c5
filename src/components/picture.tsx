import type { ComponentProps } from "react"
import type { ImageSet } from "../domain/images.ts"

export type PictureProps = Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "width" | "height"
> & {
  /** The image's renditions; absent for an image the server has not processed yet. */
  image?: ImageSet
  /** The plain address shown when there is no set. */
  src: string
  /** How wide the box is drawn at each viewport width, for the browser to pick a rendition. */
  sizes: string
  /** The box's size when there is no set: with a set, the set's own size gives the ratio. */
  width: number
  height: number
}

/**
 * An image in the lightest format the browser takes (AVIF, then WebP, then JPEG) at the width
 * its box needs. Width and height are always written, so the box has its ratio before the
 * picture arrives. `<picture>` lays out as its `<img>` alone (display: contents), so the
 * caller's classes on the image size it as before.
 */
export function Picture({ image, src, sizes, width, height, ...img }: PictureProps) {
  return (
    <picture data-slot="picture" className="contents">
      {/* Hidden from layout, where a flex or grid parent would space them as items; the
          browser still chooses among them. */}
      {image ? (
        <source type="image/avif" srcSet={image.avif} sizes={sizes} className="hidden" />
      ) : null}
      {image ? (
        <source type="image/webp" srcSet={image.webp} sizes={sizes} className="hidden" />
      ) : null}
      <img
        src={image?.src ?? src}
        srcSet={image?.jpeg}
        sizes={image ? sizes : undefined}
        width={image?.width ?? width}
        height={image?.height ?? height}
        decoding="async"
        {...img}
      />
    </picture>
  )
}
