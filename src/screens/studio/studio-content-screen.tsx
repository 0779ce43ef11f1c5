import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import {
  StudioHighlightsPanel,
  type StudioHighlightsPanelProps,
} from "./studio-highlights-panel.tsx"
import { ScheduledPostsPanel, type ScheduledPostsPanelProps } from "./scheduled-posts-panel.tsx"
import { StudioPhotosPanel, type StudioPhotosPanelProps } from "./studio-photos-panel.tsx"
import { StudioStoriesPanel, type StudioStoriesPanelProps } from "./studio-stories-panel.tsx"

export type ContentTab = "stories" | "fotos" | "destaques" | "programados"

export type StudioContentScreenProps = {
  tab: ContentTab
  onTabChange: (tab: ContentTab) => void
  stories: StudioStoriesPanelProps
  photos: StudioPhotosPanelProps
  highlights: StudioHighlightsPanelProps
  scheduled: ScheduledPostsPanelProps
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
        <TabsTrigger value="fotos">Fotos</TabsTrigger>
        <TabsTrigger value="destaques">Destaques</TabsTrigger>
        <TabsTrigger value="programados">Programados</TabsTrigger>
      </TabsList>
      <TabsContent value="stories">
        <StudioStoriesPanel {...stories} />
      </TabsContent>
      <TabsContent value="fotos">
        <StudioPhotosPanel {...photos} />
      </TabsContent>
      <TabsContent value="destaques">
        <StudioHighlightsPanel {...highlights} />
      </TabsContent>
      <TabsContent value="programados">
        <ScheduledPostsPanel {...scheduled} />
      </TabsContent>
    </Tabs>
  )
}
