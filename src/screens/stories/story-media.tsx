import { useEffect, useRef } from "react"
import type { Story } from "../../domain/models.ts"

export type StoryMediaProps = {
  story: Story
  playing: boolean
  muted: boolean
  /** Video progress, 0..1; image stories are timed by the player. */
  onProgress: (progress: number) => void
  onEnded: () => void
}

/** The story itself: a video, an image, or the poster in processing style. */
export function StoryMedia({ story, playing, muted, onProgress, onEnded }: StoryMediaProps) {
  const video = useRef<HTMLVideoElement>(null)

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
        {story.displayUrl ? (
          <img
            src={story.displayUrl}
            alt=""
            className="absolute inset-0 size-full object-cover opacity-40 blur-sm"
          />
        ) : null}
        <span className="relative rounded-full bg-black/70 px-4 py-2 text-sm font-semibold">
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
        poster={story.displayUrl ?? undefined}
        muted={muted}
        playsInline
        preload="auto"
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget
          if (duration > 0) onProgress(currentTime / duration)
        }}
        onEnded={onEnded}
        className="absolute inset-0 size-full bg-black object-contain"
      />
    )
  }

  return (
    <img
      key={story._id}
      src={story.src}
      alt=""
      draggable={false}
      className="absolute inset-0 size-full bg-black object-contain"
    />
  )
}
