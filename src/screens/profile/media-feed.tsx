import { useRef, useState } from "react"
import type { Clock } from "../../components/clock.ts"
import { LoadMore, type LoadMoreState } from "../../components/load-more.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { errorMessage, UNEXPECTED_ERROR } from "../../domain/errors.ts"
import type { Media } from "../../domain/models.ts"
import { MediaCard, type MediaAuthor } from "./media-card.tsx"

export type MediaFeedProps = {
  medias: Media[]
  author: MediaAuthor
  /** The photo that was tapped in the grid: the feed scrolls to it. */
  selectedId?: string
  /** Sends the like or unlike; the heart changes at once and goes back if this rejects. */
  onToggleLike: (id: string, nextLiked: boolean) => Promise<void> | void
  onClose: () => void
  /** Times the double tap's heart. */
  clock?: Clock
  /** As in the grid: past the first page, the next loads as the feed's foot nears. */
  more?: LoadMoreState | null
  onLoadMore?: () => void
}

function newestFirst(medias: Media[]): Media[] {
  return [...medias].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
}

/** Full-screen photo feed "Fotos", newest first, opened on the selected photo. */
export function MediaFeed({
  medias,
  author,
  selectedId,
  onToggleLike,
  onClose,
  clock,
  more,
  onLoadMore,
}: MediaFeedProps) {
  const { showAlert } = useAlert()
  const [liked, setLiked] = useState<Record<string, boolean>>({})
  const scrolledTo = useRef<string | undefined>(undefined)
  const sorted = newestFirst(medias)

  // The dialog mounts its content a moment after the feed, so scroll once the list exists.
  const scrollToSelected = (list: HTMLDivElement | null) => {
    if (!list || !selectedId || scrolledTo.current === selectedId) return
    scrolledTo.current = selectedId
    list.querySelector(`#media-${CSS.escape(selectedId)}`)?.scrollIntoView({ block: "start" })
  }

  const like = async (media: Media, next: boolean) => {
    setLiked((state) => ({ ...state, [media._id]: next }))
    try {
      await onToggleLike(media._id, next)
    } catch (error) {
      setLiked((state) => ({ ...state, [media._id]: !next }))
      showAlert({ type: "danger", message: errorMessage(error, UNEXPECTED_ERROR) })
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Fotos"
        className="inset-0 h-dvh max-h-none gap-0 overflow-hidden rounded-none p-0 pb-0 animate-fade-in sm:inset-0 sm:h-dvh sm:w-full sm:max-w-none sm:translate-x-0 sm:translate-y-0 sm:rounded-none sm:p-0 [&>div:first-child]:border-b [&>div:first-child]:border-line [&>div:first-child]:py-3 [&>div:first-child]:pr-5 [&>div:first-child]:pl-4"
      >
        <div ref={scrollToSelected} className="flex-1 overflow-y-auto">
          <div className="mx-auto flex max-w-lg flex-col">
            {sorted.map((media) => (
              <MediaCard
                key={media._id}
                media={media}
                author={author}
                liked={liked[media._id] ?? media.hasLiked}
                eager={media._id === selectedId}
                onLike={(next) => void like(media, next)}
                clock={clock}
              />
            ))}
            {more ? (
              <LoadMore
                state={more}
                onLoadMore={() => onLoadMore?.()}
                label="Carregar mais fotos"
                endMessage="Você viu todas as fotos."
              />
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
