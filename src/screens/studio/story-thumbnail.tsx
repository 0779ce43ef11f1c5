import type { ReactNode } from "react"
import { Picture } from "../../components/picture.tsx"
import type { Story } from "../../domain/models.ts"

export type StoryThumbnailProps = {
  story: Pick<Story, "image" | "displayUrl">
  /** The tile's width at each viewport width. */
  sizes: string
  /** Shown when the story has no picture yet (a video still without its poster). */
  fallback: ReactNode
  /** "eager" for the tiles the page opens with: lazy, the page's largest picture came late. */
  loading?: "eager" | "lazy"
  /** "low" for tiles below the first row, so they never take the first row's bandwidth. */
  fetchPriority?: "high" | "low" | "auto"
  /** Called once the picture has loaded or failed. */
  onSettled?: () => void
}

/** A story's picture (an image's renditions or a video's poster) filling its 9:16 tile. */
export function StoryThumbnail({
  story,
  sizes,
  fallback,
  loading = "lazy",
  fetchPriority,
  onSettled,
}: StoryThumbnailProps) {
  const poster = story.image?.src ?? story.displayUrl
  if (!poster) return fallback
  return (
    <Picture
      image={story.image}
      src={poster}
      sizes={sizes}
      alt=""
      width={540}
      height={960}
      loading={loading}
      fetchPriority={fetchPriority}
      onLoad={onSettled}
      onError={onSettled}
      className="size-full object-cover"
    />
  )
}
