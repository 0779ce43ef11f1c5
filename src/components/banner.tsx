import { useEffect, useRef, useState } from "react"
import { bannerImageSizes, type ImageSet } from "../domain/images.ts"
import { Picture } from "./picture.tsx"
import { cn } from "./ui/cn.ts"
import { Skeleton } from "./ui/skeleton.tsx"

export type BannerProps = {
  src?: string | null
  /** The banner's renditions; `src` alone for a picture not processed yet. */
  image?: ImageSet
  /** The banner is decoration beside the creator's name, so it is silent by default. */
  alt?: string
  /** True while the profile itself is loading (no address yet). */
  loading?: boolean
  className?: string
}

/**
 * The creator's cover picture. The box keeps a fixed aspect ratio from the first paint, and a
 * skeleton shows under it until the picture has loaded, so nothing below it moves.
 */
export function Banner({ src, image, alt = "", loading = false, className }: BannerProps) {
  const [loaded, setLoaded] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const picture = useRef<HTMLImageElement>(null)
  // The picture is known by its address: a new banner shows the skeleton until it loads.
  const address = image?.src ?? src
  const showImage = !loading && address && failed !== address
  const waiting = loading || (showImage && loaded !== address)

  // A picture can finish before React attaches its handlers: cached, or already arriving for
  // the HTML the server rendered. Checked after paint, as the picture shows either way.
  useEffect(() => {
    const img = picture.current
    if (!address || !img?.complete) return
    if (img.naturalWidth > 0) setLoaded(address)
    else setFailed(address)
  }, [address])

  return (
    <div
      data-slot="banner"
      aria-busy={waiting || undefined}
      className={cn(
        "relative aspect-[3/1] w-full overflow-hidden bg-brand-soft md:aspect-[5/1]",
        className,
      )}
    >
      {waiting ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
      {showImage ? (
        <Picture
          key={address}
          image={image}
          src={address}
          sizes={bannerImageSizes}
          width={1200}
          height={400}
          alt={alt}
          // The profile's largest picture (its LCP): fetched first, never deferred.
          loading="eager"
          fetchPriority="high"
          ref={picture}
          onLoad={() => setLoaded(address)}
          onError={() => setFailed(address)}
          // Drawn over the skeleton as soon as it arrives, with no script needed to reveal it,
          // so a page rendered on the server shows it before the app runs.
          className="relative size-full object-cover"
        />
      ) : null}
    </div>
  )
}
