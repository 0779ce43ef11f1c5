import { lazy, Suspense, type ReactNode } from "react"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import type { StudioHighlightsPanelProps } from "./studio-highlights-panel.tsx"
import type { ScheduledPostsPanelProps } from "./scheduled-posts-panel.tsx"
import type { StudioPhotosPanelProps } from "./studio-photos-panel.tsx"
import { StudioStoriesPanel, type StudioStoriesPanelProps } from "./studio-stories-panel.tsx"

// The tabs after the first arrive when she heads for them: their dialogs, forms and uploader
// are not part of the stories tab she opens on.
const panels = {
  fotos: () => import("./studio-photos-panel.tsx"),
  destaques: () => import("./studio-highlights-panel.tsx"),
  programados: () => import("./scheduled-posts-panel.tsx"),
}
const StudioPhotosPanel = lazy(async () => ({
  default: (await panels.fotos()).StudioPhotosPanel,
}))
const StudioHighlightsPanel = lazy(async () => ({
  default: (await panels.destaques()).StudioHighlightsPanel,
}))
const ScheduledPostsPanel = lazy(async () => ({
  default: (await panels.programados()).ScheduledPostsPanel,
}))

export type ContentTab = "stories" | "fotos" | "destaques" | "programados"

export type StudioContentScreenProps = {
  tab: ContentTab
  onTabChange: (tab: ContentTab) => void
  stories: StudioStoriesPanelProps
  photos: StudioPhotosPanelProps
  highlights: StudioHighlightsPanelProps
  scheduled: ScheduledPostsPanelProps
}

/** A tab that starts downloading its panel as the pointer or the focus reaches it. */
function LazyTab({ value, children }: { value: keyof typeof panels; children: ReactNode }) {
  const preload = () => void panels[value]()
  return (
    <TabsTrigger value={value} onPointerEnter={preload} onFocus={preload}>
      {children}
    </TabsTrigger>
  )
}

function PanelLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">Carregando</span>
      <Skeleton className="h-32" />
    </div>
  )
}

/** Stories, photos, highlights and what is scheduled, one tab each. */
export function StudioContentScreen({
  tab,
  onTabChange,
  stories,
  photos,
  highlights,
  scheduled,
}: StudioContentScreenProps) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as ContentTab)}>
      <TabsList aria-label="Tipo de conteúdo">
        <TabsTrigger value="stories">Stories</TabsTrigger>
        <LazyTab value="fotos">Fotos</LazyTab>
        <LazyTab value="destaques">Destaques</LazyTab>
        <LazyTab value="programados">Programados</LazyTab>
      </TabsList>
      <TabsContent value="stories">
        <StudioStoriesPanel {...stories} />
      </TabsContent>
      <TabsContent value="fotos">
        <Suspense fallback={<PanelLoading />}>
          <StudioPhotosPanel {...photos} />
        </Suspense>
      </TabsContent>
      <TabsContent value="destaques">
        <Suspense fallback={<PanelLoading />}>
          <StudioHighlightsPanel {...highlights} />
        </Suspense>
      </TabsContent>
      <TabsContent value="programados">
        <Suspense fallback={<PanelLoading />}>
          <ScheduledPostsPanel {...scheduled} />
        </Suspense>
      </TabsContent>
    </Tabs>
  )
}
