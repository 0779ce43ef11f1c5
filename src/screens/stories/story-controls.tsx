import { useState } from "react"
import { Avatar } from "../../components/avatar.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { CloseIcon } from "../../components/ui/icons.tsx"
import {
  EyeIcon,
  PauseIcon,
  PlayIcon,
  TrashIcon,
  VolumeIcon,
  VolumeOffIcon,
} from "../../components/ui/more-icons.tsx"
import { errorMessage, UNEXPECTED_ERROR } from "../../domain/errors.ts"
import type { Profile, Story } from "../../domain/models.ts"

const iconButton = "size-11 px-0 text-white hover:bg-white/15"

/** One bar per story: full for those already shown, partial for the current one. */
export function StoryProgressBars({
  count,
  index,
  progress,
}: {
  count: number
  index: number
  progress: number
}) {
  return (
    <div aria-hidden="true" className="flex gap-1">
      {Array.from({ length: count }, (_, i) => {
        const fill = i < index ? 1 : i === index ? progress : 0
        return (
          <span
            key={i}
            data-slot="story-progress"
            className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/40"
          >
            <span
              className="block h-full origin-left bg-white"
              style={{ transform: `scaleX(${fill})` }}
            />
          </span>
        )
      })}
    </div>
  )
}

/** Whose stories play: the name and the avatar in the top bar. */
export type StoryAuthor = Pick<Profile, "username" | "fullName" | "profilePic" | "profilePicImage">

export type StoryTopBarProps = {
  author: StoryAuthor
  /** "há 3 horas". */
  time: string
  paused: boolean
  muted: boolean
  onTogglePaused: () => void
  onToggleMuted: () => void
  onClose: () => void
}

export function StoryTopBar({
  author,
  time,
  paused,
  muted,
  onTogglePaused,
  onToggleMuted,
  onClose,
}: StoryTopBarProps) {
  return (
    <div className="mt-2 flex items-center gap-2">
      <Avatar
        src={author.profilePic}
        image={author.profilePicImage}
        name={author.fullName}
        alt=""
        size="sm"
      />
      <p className="min-w-0 flex-1 truncate text-sm">
        <span className="font-semibold">{author.username}</span>{" "}
        <span className="text-white/80">{time}</span>
      </p>
      <Button
        variant="ghost"
        aria-label={paused ? "Continuar" : "Pausar"}
        className={iconButton}
        onClick={onTogglePaused}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </Button>
      <Button
        variant="ghost"
        aria-label={muted ? "Ativar som" : "Silenciar"}
        className={iconButton}
        onClick={onToggleMuted}
      >
        {muted ? <VolumeOffIcon /> : <VolumeIcon />}
      </Button>
      <Button variant="ghost" aria-label="Fechar" className={iconButton} onClick={onClose}>
        <CloseIcon className="size-6" />
      </Button>
    </div>
  )
}

export type StoryCreatorActions = {
  /** Shows "Excluir story" (creator's own player only). */
  onDelete?: (story: Story) => Promise<void>
  /** Shows the viewer count (creator's own player only). */
  showViewers?: boolean
}

/** The creator's own controls at the bottom: viewer count and delete. */
export function StoryCreatorBar({
  story,
  onDelete,
  showViewers = false,
}: StoryCreatorActions & { story: Story }) {
  const { showAlert } = useAlert()
  const [deleting, setDeleting] = useState(false)
  if (!onDelete && !showViewers) return null
  const viewers = story.stats?.users ?? 0

  const remove = async () => {
    setDeleting(true)
    try {
      await onDelete?.(story)
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, UNEXPECTED_ERROR) })
    } finally {
      setDeleting(false)
    }
  }

  return (
    <div className="absolute inset-x-0 bottom-0 z-20 flex items-center gap-2 bg-gradient-to-t from-black/70 to-transparent px-4 pt-6 pb-[max(1rem,env(safe-area-inset-bottom))]">
      {showViewers ? (
        <p className="flex flex-1 items-center gap-2 whitespace-nowrap text-sm font-semibold">
          <EyeIcon />
          {viewers} {viewers === 1 ? "visualização" : "visualizações"}
        </p>
      ) : (
        <span className="flex-1" />
      )}
      {onDelete ? (
        <Button
          variant="ghost"
          loading={deleting}
          className="text-white hover:bg-white/15"
          onClick={remove}
        >
          {deleting ? null : <TrashIcon />}
          Excluir story
        </Button>
      ) : null}
    </div>
  )
}
