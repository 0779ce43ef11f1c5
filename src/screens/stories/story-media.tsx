import { useEffect, useRef, type SyntheticEvent } from "react"
import { Picture } from "../../components/picture.tsx"
import type { Story } from "../../domain/models.ts"
import { useSteadyStory } from "./use-steady-story.ts"

/** The 9:16 frame: the phone's width, or the viewport's height cut to 9:16 on a wider screen. */
export const STORY_SIZES = "(min-aspect-ratio: 9/16) 56.25vh, 100vw"

export type StoryMediaProps = {
  story: Story
  playing: boolean
  muted: boolean
  /** Video progress, 0..1; image stories are timed by the player. */
  onProgress: (progress: number) => void
  onEnded: () => void
  /** The picture or the video's first frame has arrived, or failed to: the story is shown. */
  onSettled?: (media: HTMLElement) => void
}

/** The story itself: a video, an image, or the poster in processing style. */
export function StoryMedia({
  playing,
  muted,
  onProgress,
  onEnded,
  onSettled,
  ...props
}: StoryMediaProps) {
  const story = useSteadyStory(props.story)
  const video = useRef<HTMLVideoElement>(null)
  const settle = (event: SyntheticEvent<HTMLElement>) => onSettled?.(event.currentTarget)
  const settled = { onLoad: settle, onError: settle }
  // A poster is one address: the set's widest JPEG, which a phone's frame needs at 2x and more
  // (the narrower one suits only small screens at 1x).
  const poster = story.image?.src ?? story.displayUrl
  const posterless = !story.processed && !poster

  const label = useRef<HTMLSpanElement>(null)

  // A story still processing without a poster shows its label alone, and is shown at once.
  useEffect(() => {
    if (posterless && label.current) onSettled?.(label.current)
  }, [posterless, story._id, onSettled])

  useEffect(() => {
    const element = video.current
    if (!element) return
    // Autoplay can be refused (e.g. sound without a gesture); the story then waits, paused.
    if (playing) element.play().catch(() => undefined)
    else element.pause()
  }, [playing, story._id])

  if (!story.processed) {
    return (
      <div className="absolute inset-0 flex items-center justify-center bg-black">
        {poster ? (
          <Picture
            image={story.image}
            src={poster}
            sizes={STORY_SIZES}
            width={1080}
            height={1920}
            alt=""
            className="absolute inset-0 size-full object-cover opacity-40 blur-sm"
            {...settled}
          />
        ) : null}
        <span
          ref={label}
          className="relative rounded-full bg-black/70 px-4 py-2 text-sm font-semibold"
        >
          processando
        </span>
      </div>
    )
  }

  if (story.kind === "video") {
    return (
      <video
        key={story._id}
        ref={video}
        src={story.src}
        poster={poster ?? undefined}
        muted={muted}
        playsInline
        preload="auto"
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget
          if (duration > 0) onProgress(currentTime / duration)
        }}
        onEnded={onEnded}
        onLoadedData={settle}
        onError={settle}
        className="absolute inset-0 size-full bg-black object-contain"
      />
    )
  }

  return (
    <Picture
      key={story._id}
      image={story.image}
      src={story.src}
      sizes={STORY_SIZES}
      width={1080}
      height={1920}
      alt=""
      draggable={false}
      className="absolute inset-0 size-full bg-black object-contain"
      {...settled}
    />
  )
}
