import { useEffect, useRef, useState } from "react"
import { Avatar } from "../../components/avatar.tsx"
import { Picture } from "../../components/picture.tsx"
import { browserClock, type Clock } from "../../components/clock.ts"
import { cn } from "../../components/ui/cn.ts"
import { HEART_ANIMATION_MS } from "../../domain/constants.ts"
import { formatDate } from "../../domain/dates.ts"
import type { Media, Profile } from "../../domain/models.ts"
import { HeartIcon } from "../../components/ui/more-icons.tsx"

export type MediaAuthor = Pick<Profile, "username" | "fullName" | "profilePic" | "profilePicImage">

/** The feed's column: the phone's width, or 512 px (max-w-lg) on wider screens. */
export const FEED_PHOTO_SIZES = "(min-width: 512px) 512px, 100vw"

export type MediaCardProps = {
  media: Media
  author: MediaAuthor
  liked: boolean
  onLike: (nextLiked: boolean) => void
  /** The photo the feed opened on loads at once; the others when they come near. */
  eager?: boolean
  /** Times the heart a double tap shows. */
  clock?: Clock
}

/** One photo in the feed: author, picture (double tap likes), like, description and date. */
export function MediaCard({
  media,
  author,
  liked,
  onLike,
  eager = false,
  clock = browserClock,
}: MediaCardProps) {
  const [hearts, setHearts] = useState(0)
  const heartTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => clock.clearTimeout(heartTimer.current), [clock])
  const titleId = `media-${media._id}-author`

  return (
    <article
      id={`media-${media._id}`}
      aria-labelledby={titleId}
      className="scroll-mt-2 border-b border-line pb-4"
    >
      <header className="flex items-center gap-3 px-4 py-3">
        <Avatar
          src={author.profilePic}
          image={author.profilePicImage}
          name={author.fullName}
          alt=""
          size="sm"
        />
        <p id={titleId} className="min-w-0 text-sm leading-tight">
          <span className="block truncate font-semibold">{author.fullName}</span>
          <span className="block truncate text-muted">@{author.username}</span>
        </p>
      </header>
      <div
        className="relative touch-manipulation select-none"
        onDoubleClick={() => {
          if (!liked) onLike(true)
          setHearts((n) => n + 1)
          // The heart stays for its animation (--animate-heart), counted again on each double tap.
          clock.clearTimeout(heartTimer.current)
          heartTimer.current = clock.setTimeout(() => setHearts(0), HEART_ANIMATION_MS)
        }}
      >
        <Picture
          image={media.image}
          src={media.src}
          sizes={FEED_PHOTO_SIZES}
          alt={media.description ?? `Foto de @${author.username}`}
          width={media.width ?? 800}
          height={media.height ?? 1000}
          loading={eager ? "eager" : "lazy"}
          draggable={false}
          className="aspect-[4/5] w-full bg-canvas object-cover"
        />
        {hearts > 0 ? (
          <span
            key={hearts}
            data-slot="like-heart"
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
          >
            <HeartIcon filled className="size-24 animate-heart text-white drop-shadow-lg" />
          </span>
        ) : null}
      </div>
      <div className="flex items-center px-2 pt-1">
        <button
          type="button"
          aria-label="Curtir"
          aria-pressed={liked}
          onClick={() => onLike(!liked)}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-canvas"
        >
          <HeartIcon filled={liked} className={cn("size-7", liked ? "text-danger" : "text-ink")} />
        </button>
      </div>
      {media.description ? <p className="px-4 text-sm">{media.description}</p> : null}
      <p className="px-4 pt-1 text-xs text-muted">
        <time dateTime={media.createdAt}>{formatDate(media.createdAt)}</time>
      </p>
    </article>
  )
}
