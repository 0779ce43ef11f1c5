import { useSearchParams } from "react-router"
import {
  createHighlight,
  deleteHighlight,
  deleteMedia,
  deleteStory,
  describeMedia,
  updateHighlight,
  uploadMedia,
  uploadStory,
  useStudioHighlights,
  useStudioMedias,
  useStudioStories,
} from "../../api/studio.ts"
import {
  cancelScheduledPost,
  publishPostNow,
  reschedulePost,
  useScheduledPosts,
} from "../../api/scheduled-posts.ts"
import {
  StudioContentScreen,
  type ContentTab,
} from "../../screens/studio/studio-content-screen.tsx"
import { useSession } from "../session.ts"
import { useNow } from "../use-now.ts"
import { useTabsShown } from "./use-tabs-shown.ts"
import { viewOf } from "./views.ts"

const tabs: ContentTab[] = ["stories", "fotos", "destaques", "programados"]

/**
 * Stories, photos, highlights and what is scheduled; the tab lives in `?aba=` so a reload keeps
 * it. A tab's list is read once the tab shows; the stories always (staff-reads.ts asks them early).
 */
export default function StudioContentRoute() {
  const { viewer } = useSession()
  const [params, setParams] = useSearchParams()
  const now = useNow(60_000)
  const tab = tabs.find((t) => t === params.get("aba")) ?? "stories"
  const shown = useTabsShown(tab)
  // The stories always: the first tab's, and Destaques picks among them.
  const stories = useStudioStories(viewer)
  const medias = useStudioMedias(viewer, shown.has("fotos"))
  const highlights = useStudioHighlights(viewer, shown.has("destaques"))
  const scheduled = useScheduledPosts(viewer, shown.has("programados"))
  return (
    <StudioContentScreen
      tab={tab}
      onTabChange={(next) => setParams({ aba: next }, { replace: true })}
      stories={{
        view: viewOf(stories, (data) => data),
        now,
        onRetry: () => void stories.mutate(),
        onUpload: async (file, scheduledFor, control) =>
          void (await uploadStory(viewer, file, scheduledFor, control)),
        onDelete: (id) => deleteStory(viewer, id),
      }}
      photos={{
        view: viewOf(medias, (data) => ({ medias: data })),
        onRetry: () => void medias.mutate(),
        onUpload: (file, description, scheduledFor, control) =>
          uploadMedia(viewer, file, description, scheduledFor, control),
        onDescribe: (id, description) => describeMedia(viewer, id, description),
        onDelete: (id) => deleteMedia(viewer, id),
      }}
      highlights={{
        view: viewOf(
          {
            data: highlights.data && stories.data ? highlights.data : undefined,
            error: highlights.error ?? stories.error,
          },
          (data) => ({ highlights: data, stories: stories.data?.stories ?? [] }),
        ),
        now,
        onRetry: () => void Promise.all([highlights.mutate(), stories.mutate()]),
        onCreate: (draft) => createHighlight(viewer, draft),
        onUpdate: (id, draft) => updateHighlight(viewer, id, draft),
        onDelete: (id) => deleteHighlight(viewer, id),
      }}
      scheduled={{
        view: viewOf(scheduled, (data) => ({ posts: data })),
        onRetry: () => void scheduled.mutate(),
        onReschedule: (post, at) => reschedulePost(viewer, post, at),
        onPublishNow: (post) => publishPostNow(viewer, post),
        onCancel: (post) => cancelScheduledPost(viewer, post),
      }}
    />
  )
}
