import type { ReactNode } from "react"
import { Picture } from "../../components/picture.tsx"
import { cn } from "../../components/ui/cn.ts"
import { LockIcon } from "../../components/ui/icons.tsx"
import type { Highlight } from "../../domain/models.ts"

export type ProfileHighlightsProps = {
  highlights: Highlight[]
  /** No active subscription: covers are shown locked and do nothing. */
  locked: boolean
  onOpenHighlight: (id: string) => void
}

function Cover({ highlight, locked }: { highlight: Highlight; locked: boolean }) {
  return (
    <span className="relative flex size-16 items-center justify-center rounded-full border border-line bg-surface p-0.5">
      {highlight.cover ? (
        <Picture
          image={highlight.coverImage}
          src={highlight.cover}
          // The 64 px circle (size-16).
          sizes="64px"
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className={cn("size-full rounded-full object-cover", locked && "opacity-40 grayscale")}
        />
      ) : (
        <span className="size-full rounded-full bg-canvas" />
      )}
      {locked ? <LockIcon className="absolute size-5 text-ink" /> : null}
    </span>
  )
}

/** The row of highlight circles; without access they keep their covers but stay locked. */
export function ProfileHighlights({ highlights, locked, onOpenHighlight }: ProfileHighlightsProps) {
  if (highlights.length === 0) return null
  return (
    <section aria-labelledby="highlights-title" className="px-2">
      <h2 id="highlights-title" className="sr-only">
        Destaques
      </h2>
      <ul className="flex gap-2 overflow-x-auto py-1">
        {highlights.map((highlight) => {
          const playable = !locked && highlight.storiesCount > 0
          const content: ReactNode = (
            <>
              <Cover highlight={highlight} locked={locked} />
              <span className="w-18 truncate text-center text-xs">{highlight.title}</span>
            </>
          )
          const box = "flex min-w-20 flex-col items-center gap-1 rounded-card p-1"
          return (
            <li key={highlight._id}>
              {playable ? (
                <button
                  type="button"
                  onClick={() => onOpenHighlight(highlight._id)}
                  className={cn(box, "hover:bg-canvas")}
                >
                  {content}
                </button>
              ) : (
                <div className={box}>
                  {content}
                  {locked ? <span className="sr-only">(bloqueado)</span> : null}
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
