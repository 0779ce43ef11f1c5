import { useEffect, useRef, useState, type KeyboardEvent } from "react"
import { browserClock, type Clock } from "../../components/clock.ts"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { STORY_IMAGE_DURATION_MS } from "../../domain/constants.ts"
import { relativeTime, type Instant } from "../../domain/dates.ts"
import type { Story } from "../../domain/models.ts"
import {
  StoryCreatorBar,
  StoryProgressBars,
  StoryTopBar,
  type StoryAuthor,
  type StoryCreatorActions,
} from "./story-controls.tsx"
import { StoryMedia } from "./story-media.tsx"
import { firstUnseenIndex } from "./story-start.ts"
import { useStoryGestures } from "./use-story-gestures.ts"
import { useTimedProgress } from "./use-story-progress.ts"

export type StoriesPlayerProps = StoryCreatorActions & {
  stories: Story[]
  author: StoryAuthor
  /** The clock for "há 3 horas"; pass a fixed instant in stories and tests. */
  now: Instant
  /** Seen timestamp (ms): playback starts at the first story newer than it. */
  lastSeen?: number
  /** Overrides the start (a highlight plays from its first story). */
  startIndex?: number
  /** How far into the first story playback resumes, 0 to 1. */
  startProgress?: number
  /** Times image stories, frames and the long press; stories pass a test clock. */
  clock?: Clock
  /** False freezes progress and automatic advance, e.g. for screenshots. */
  autoplay?: boolean
  /** How long an image story stays on screen. */
  imageDurationMs?: number
  defaultMuted?: boolean
  onMutedChange?: (muted: boolean) => void
  /** Called with each story as it is shown. */
  onSeen?: (story: Story) => void
  /** Called when the story's picture or video frame has arrived, or failed to. */
  onMediaSettled?: (media: HTMLElement) => void
  /** Called with each story played to its end or moved past. */
  onFinished?: (story: Story) => void
  /** Where playback stands, when the story changes and when the player goes away. */
  onPosition?: (position: { index: number; progress: number }) => void
  onClose: () => void
}

export function StoriesPlayer({
  stories,
  author,
  now,
  lastSeen = 0,
  startIndex,
  startProgress = 0,
  autoplay = true,
  clock = browserClock,
  imageDurationMs = STORY_IMAGE_DURATION_MS,
  defaultMuted = false,
  onMutedChange,
  onSeen,
  onMediaSettled,
  onFinished,
  onPosition,
  onClose,
  onDelete,
  showViewers = false,
}: StoriesPlayerProps) {
  const [position, setPosition] = useState(() => ({
    index: startIndex ?? firstUnseenIndex(stories, lastSeen),
    progress: startProgress,
  }))
  const [paused, setPaused] = useState(false)
  const [held, setHeld] = useState(false)
  const [muted, setMuted] = useState(defaultMuted)
  const contentRef = useRef<HTMLDivElement>(null)

  const index = Math.min(position.index, stories.length - 1)
  const story = stories[index]
  const playing = autoplay && !paused && !held

  const goTo = (next: number) => {
    if (next > index && story) onFinished?.(story)
    if (next >= stories.length) return onClose()
    setPosition({ index: Math.max(0, next), progress: 0 })
  }
  const next = () => goTo(index + 1)
  const previous = () => goTo(index - 1)

  const seen = useRef(onSeen)
  useEffect(() => {
    seen.current = onSeen
  })
  useEffect(() => {
    if (story) seen.current?.(story)
  }, [story])

  // The latest position, reported on each new story and once more when the player goes away.
  const report = useRef({ onPosition, position: { index, progress: position.progress } })
  useEffect(() => {
    report.current = { onPosition, position: { index, progress: position.progress } }
  })
  useEffect(() => {
    report.current.onPosition?.({ index, progress: report.current.position.progress })
  }, [index])
  useEffect(
    () => () => {
      const { onPosition: reportTo, position: last } = report.current
      reportTo?.(last)
    },
    [],
  )

  useTimedProgress({
    storyKey: story?._id ?? "",
    playing: playing && story?.kind !== "video",
    durationMs: imageDurationMs,
    progress: position.progress,
    onProgress: (progress) => setPosition((p) => ({ ...p, progress })),
    onEnd: next,
    clock,
  })

  const gestures = useStoryGestures({ onHoldChange: setHeld, onPanClose: onClose, clock })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowRight") next()
    else if (event.key === "ArrowLeft") previous()
    else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      setPaused((p) => !p)
    } else return
    event.preventDefault()
  }

  const toggleMuted = () => {
    setMuted(!muted)
    onMutedChange?.(!muted)
  }

  if (!story) return null

  const zone = (label: string, go: () => void, side: "left-0" | "right-0") => (
    <button
      type="button"
      aria-label={label}
      onClick={() => {
        if (!gestures.consumeClick()) go()
      }}
      className={`absolute inset-y-0 ${side} z-10 w-1/5 focus-visible:outline-offset-[-4px]`}
    />
  )

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        ref={contentRef}
        hideClose
        title={<span className="sr-only">Stories de @{author.username}</span>}
        tabIndex={-1}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          contentRef.current?.focus()
        }}
        onKeyDown={onKeyDown}
        className="inset-0 h-dvh max-h-none gap-0 overflow-hidden rounded-none bg-black p-0 pb-0 text-white animate-fade-in sm:inset-0 sm:h-dvh sm:w-full sm:max-w-none sm:translate-x-0 sm:translate-y-0 sm:rounded-none sm:p-0"
      >
        <div
          data-slot="story-frame"
          {...gestures.handlers}
          style={gestures.dragY ? { transform: `translateY(${gestures.dragY}px)` } : undefined}
          className="absolute inset-y-0 left-1/2 w-full max-w-[calc(100dvh*9/16)] -translate-x-1/2 touch-none select-none overflow-hidden"
        >
          <StoryMedia
            story={story}
            playing={playing}
            muted={muted}
            onProgress={(progress) => setPosition((p) => ({ ...p, progress }))}
            onEnded={next}
            onSettled={onMediaSettled}
          />
          {zone("Story anterior", previous, "left-0")}
          {zone("Próximo story", next, "right-0")}
          <div className="absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/70 to-transparent px-2 pt-2 pb-6">
            <StoryProgressBars count={stories.length} index={index} progress={position.progress} />
            <StoryTopBar
              author={author}
              time={relativeTime(story.createdAt, now)}
              paused={paused}
              muted={muted}
              onTogglePaused={() => setPaused(!paused)}
              onToggleMuted={toggleMuted}
              onClose={onClose}
            />
          </div>
          <StoryCreatorBar story={story} onDelete={onDelete} showViewers={showViewers} />
          <p role="status" className="sr-only">
            Story {index + 1} de {stories.length}
            {story.processed ? "" : ", processando"}
            {paused || held ? ", pausado" : ""}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  )
}
