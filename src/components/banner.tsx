import { useEffect, useRef, useState } from "react"
import { cn } from "./ui/cn.ts"
import { Skeleton } from "./ui/skeleton.tsx"

export type BannerProps = {
  src?: string | null
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
export function Banner({ src, alt = "", loading = false, className }: BannerProps) {
  const [loaded, setLoaded] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const image = useRef<HTMLImageElement>(null)
  const showImage = !loading && src && failed !== src
  const waiting = loading || (showImage && loaded !== src)

  // A picture can finish before React attaches its handlers: cached, or already arriving for
  // the HTML the server rendered. Checked after paint, as the picture shows either way.
  useEffect(() => {
    const img = image.current
    if (!src || !img?.complete) return
    if (img.naturalWidth > 0) setLoaded(src)
    else setFailed(src)
  }, [src])

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
        <img
          key={src}
          src={src}
          alt={alt}
          fetchPriority="high"
          decoding="async"
          ref={image}
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          // Drawn over the skeleton as soon as it arrives, with no script needed to reveal it,
          // so a page rendered on the server shows it before the app runs.
          className="relative size-full object-cover"
        />
      ) : null}
    </div>
  )
}
