import { useState } from "react"
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
 * skeleton shows until the picture has loaded, so nothing below it moves.
 */
export function Banner({ src, alt = "", loading = false, className }: BannerProps) {
  const [loaded, setLoaded] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = !loading && src && failed !== src
  const waiting = loading || (showImage && loaded !== src)

  return (
    <div
      data-slot="banner"
      aria-busy={waiting || undefined}
      className={cn(
        "relative aspect-[3/1] w-full overflow-hidden bg-brand-soft md:aspect-[5/1]",
        className,
      )}
    >
      {showImage ? (
        <img
          key={src}
          src={src}
          alt={alt}
          fetchPriority="high"
          decoding="async"
          ref={(img) => {
            // A cached picture can finish before React attaches onLoad.
            if (img?.complete && img.naturalWidth > 0) setLoaded(src)
          }}
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className={cn(
            "size-full object-cover transition-opacity duration-200",
            loaded === src ? "opacity-100" : "opacity-0",
          )}
        />
      ) : null}
      {waiting ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
    </div>
  )
}
