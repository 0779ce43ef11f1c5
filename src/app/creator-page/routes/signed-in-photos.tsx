import { useEffect } from "react"
import { mutate } from "swr"
import { unstable_serialize } from "swr/infinite"
import { fetchMediasPage, useMedias } from "../../../api/medias.ts"
import { keys } from "../../../api/keys.ts"
import { prime } from "../../../api/shared.ts"
import { fetchStories } from "../../../api/stories.ts"
import { primeSubscription } from "../../../api/subscriptions.ts"
import type { Page } from "../../../domain/cursor.ts"
import type { Media } from "../../../domain/models.ts"
import { useCreator } from "../creator-context.ts"
import type { PhotoList } from "../use-profile-page.ts"

type SignedInPhotosProps = {
  viewer: string
  onChange: (photos: { viewer: string; list: PhotoList }) => void
}

/** Draws nothing: loads a signed-in viewer's photos, a page at a time, and hands them up. */
export default function SignedInPhotos({ viewer, onChange }: SignedInPhotosProps) {
  const { username } = useCreator()
  const list = useMedias(username, viewer)
  useEffect(() => onChange({ viewer, list }), [viewer, list, onChange])
  return null
}

/** The first page alone, shown until the component above hands up the paged list. */
function firstPageOnly(page: Page<Media>): PhotoList {
  return {
    data: page.items,
    error: undefined,
    errorMore: undefined,
    more: page.nextCursor ? "more" : "none",
    loadMore: () => undefined,
    mutate: async () => undefined,
    toggleLike: async () => undefined,
  }
}

/**
 * Fetches what a signed-in reader's profile shows beyond a visitor's (subscription, stories,
 * first page of photos) into the cache, so the page opens whole instead of moving three times
 * as each arrives. Gives the photos to start with; a failure is left for the page's hooks.
 */
export async function primeReaderPage(
  username: string,
  viewer: string,
): Promise<PhotoList | undefined> {
  const firstPage = keys.medias(username, viewer, null)
  const [, , page] = await Promise.all([
    primeSubscription(username, viewer),
    prime(keys.stories(username, viewer), () => fetchStories(username, viewer)),
    prime(firstPage, () => fetchMediasPage(username, viewer, null)),
  ]).catch(() => [])
  if (!page) return undefined
  // The grid's paged list reads its pages from there: it opens with this one, not empty.
  await mutate(
    unstable_serialize(() => firstPage),
    [page],
    { revalidate: false },
  )
  return firstPageOnly(page)
}
