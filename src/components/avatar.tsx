import { useState } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import type { ImageSet } from "../domain/images.ts"
import { Picture } from "./picture.tsx"
import { cn } from "./ui/cn.ts"

export const avatarVariants = cva("relative inline-flex shrink-0 rounded-full", {
  variants: {
    size: {
      sm: "size-8 text-xs",
      md: "size-11 text-sm",
      lg: "size-16 text-xl",
      xl: "size-22 text-3xl",
    },
    // A gap in the surface colour between the ring and the picture, as followers know it.
    ring: {
      true: "p-[3px] bg-story-ring [&_[data-slot=avatar-picture]]:border-2 [&_[data-slot=avatar-picture]]:border-surface",
      false: "",
    },
  },
  defaultVariants: { size: "md", ring: false },
})

type AvatarSize = NonNullable<VariantProps<typeof avatarVariants>["size"]>

/** The circle's width in px in each size (size-8, 11, 16, 22): the picture's `sizes`. */
export const avatarPixels: Record<AvatarSize, number> = { sm: 32, md: 44, lg: 64, xl: 88 }

/** "Ana Beatriz Demo" -> "AD"; a single word gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ""
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : ""
  return (first + last).toUpperCase()
}

export type AvatarProps = Omit<VariantProps<typeof avatarVariants>, "ring"> & {
  src?: string | null
  /** The picture's renditions; `src` alone for a picture not processed yet. */
  image?: ImageSet
  /** The person's name: initials when there is no picture, and the picture's text alternative. */
  name: string
  /** "" when the name is already written beside the avatar. */
  alt?: string
  /** Draws the close-friends ring. */
  hasUnseenStory?: boolean
  /** The avatar becomes a button only when there is something to open. */
  hasStories?: boolean
  onOpenStories?: () => void
  /** The button's name, such as "Ver stories de @demo". */
  openStoriesLabel?: string
  className?: string
}

export function Avatar({
  src,
  image,
  name,
  alt = name,
  size,
  hasUnseenStory = false,
  hasStories = false,
  onOpenStories,
  openStoriesLabel,
  className,
}: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const address = image?.src ?? src
  const showImage = Boolean(address) && failed !== address
  const box = size ?? "md"
  const clickable = hasStories && onOpenStories !== undefined

  const picture = showImage ? (
    <Picture
      data-slot="avatar-picture"
      image={image}
      src={address!}
      sizes={`${avatarPixels[box]}px`}
      width={avatarPixels[box]}
      height={avatarPixels[box]}
      alt={clickable ? "" : alt}
      onError={() => setFailed(address!)}
      className="size-full rounded-full bg-canvas object-cover"
    />
  ) : (
    <span
      data-slot="avatar-picture"
      {...(clickable || !alt ? { "aria-hidden": true } : { role: "img", "aria-label": alt })}
      className="flex size-full items-center justify-center rounded-full bg-brand-soft font-semibold text-ink"
    >
      {initials(name)}
    </span>
  )

  const circle = (
    <span
      data-slot="avatar"
      className={cn(avatarVariants({ size, ring: hasUnseenStory }), !clickable && className)}
    >
      {picture}
    </span>
  )

  if (!clickable) return circle
  return (
    <button
      type="button"
      aria-label={openStoriesLabel ?? `Ver stories de ${name}`}
      onClick={onOpenStories}
      className={cn(
        "inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded-full",
        className,
      )}
    >
      {circle}
    </button>
  )
}
