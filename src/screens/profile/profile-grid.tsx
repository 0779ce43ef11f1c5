import { lazy, Suspense, useId } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import type { LoadMoreState } from "../../components/load-more.tsx"
import { Picture } from "../../components/picture.tsx"
import { Button } from "../../components/ui/button.tsx"
import { GridIcon, ImageIcon, LockIcon } from "../../components/ui/icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { Media } from "../../domain/models.ts"

export type ProfileGridProps = {
  username: string
  medias: Media[]
  /** "loading" while the subscription is unknown; "locked" without access. */
  state: "loading" | "locked" | "open"
  onOpenMedia: (id: string) => void
  onSubscribe: () => void
  /** Past the first page: more to load, loading, the end or a failure; none when all came at once. */
  more?: LoadMoreState | null
  onLoadMore?: () => void
}

// The grid's foot loads once a second page exists: most grids come whole in their first page,
// and a visitor's first load carries no code it does not draw.
const LoadMore = lazy(async () => ({
  default: (await import("../../components/load-more.tsx")).LoadMore,
}))

// The first two rows are above the fold on a phone.
const EAGER_TILES = 6

/** Three columns 2 px apart, across the phone or the 768 px column (max-w-3xl). */
export const GRID_TILE_SIZES = "(min-width: 768px) 255px, 33vw"

function Placeholders({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-[4/5] rounded-none" />
      ))}
    </>
  )
}

function Grid(props: ProfileGridProps) {
  const { medias, state, more, onLoadMore } = props
  if (state !== "open" || medias.length === 0 || !more) return <Tiles {...props} />
  return (
    <>
      <Tiles {...props} />
      <Suspense fallback={null}>
        <LoadMore
          state={more}
          onLoadMore={() => onLoadMore?.()}
          label="Carregar mais fotos"
          endMessage="Você viu todas as fotos."
        />
      </Suspense>
    </>
  )
}

function Tiles({ username, medias, state, onOpenMedia, onSubscribe }: ProfileGridProps) {
  if (state === "loading") {
    return (
      <div aria-busy="true" className="grid grid-cols-3 gap-0.5">
        <span className="sr-only">Carregando fotos</span>
        <Placeholders count={6} />
      </div>
    )
  }
  if (state === "locked") {
    return (
      <div className="relative">
        <div aria-hidden="true" className="grid grid-cols-3 gap-0.5 opacity-60">
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className="aspect-[4/5] bg-line" />
          ))}
        </div>
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface/80 px-6 text-center">
          <LockIcon className="size-8" />
          <p className="font-semibold">Conteúdo exclusivo para assinantes</p>
          <p className="text-sm text-muted">
            Assine o Close Friends de @{username} para ver as fotos, os stories e os destaques.
          </p>
          <Button onClick={onSubscribe}>Assinar para ver</Button>
        </div>
      </div>
    )
  }
  if (medias.length === 0) {
    return (
      <EmptyState
        icon={<ImageIcon />}
        message={`@${username} ainda não publicou fotos. Volte em breve!`}
      />
    )
  }
  return (
    <ul className="grid grid-cols-3 gap-0.5">
      {medias.map((media, index) => (
        <li key={media._id}>
          <button
            type="button"
            aria-label={media.description ?? `Foto ${index + 1}`}
            onClick={() => onOpenMedia(media._id)}
            className="block w-full focus-visible:outline-offset-[-2px]"
          >
            <Picture
              image={media.thumbImage}
              src={media.thumb}
              sizes={GRID_TILE_SIZES}
              alt=""
              width={240}
              height={300}
              loading={index < EAGER_TILES ? "eager" : "lazy"}
              className="aspect-[4/5] w-full bg-canvas object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The grid tab: a 3-column 4:5 photo grid, locked without access. Its one tab needs no tab
 * switching, so it is plain markup in the look of components/ui/tabs.tsx rather than Radix
 * Tabs, which would add about 9 KB gzip to every profile visit.
 */
export function ProfileGrid(props: ProfileGridProps) {
  const id = useId()
  return (
    <div data-slot="tabs" className="flex flex-col">
      <div
        role="tablist"
        aria-label="Conteúdo do perfil"
        data-slot="tabs-list"
        className="flex border-b border-line"
      >
        <button
          type="button"
          role="tab"
          id={`${id}-tab`}
          aria-selected="true"
          aria-controls={`${id}-panel`}
          data-state="active"
          data-slot="tabs-trigger"
          className="-mb-px inline-flex min-h-11 flex-1 items-center justify-center gap-2 border-b-2 border-ink px-4 text-sm font-semibold text-ink transition-colors"
        >
          <GridIcon />
          Fotos
        </button>
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab`}
        data-state="active"
        data-slot="tabs-content"
        tabIndex={0}
        className="pt-0.5 focus-visible:outline-offset-[-2px]"
      >
        <Grid {...props} />
      </div>
    </div>
  )
}
