import { useEffect, useMemo } from "react"
import useSWRInfinite from "swr/infinite"
import { MEDIAS_PAGE_SIZE, type Page } from "../domain/cursor.ts"
import type { Media } from "../domain/models.ts"
import { ApiError, apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refreshBeforeLinksLapse } from "./link-refresh.ts"
import { shared } from "./shared.ts"
import { pagedList } from "./pages.ts"
import { pageOf, record } from "./wire.ts"

const mediasPage = pageOf<Media>("_id", "src", "thumb", "createdAt")
const lockedPage: Page<Media> = { items: [], nextCursor: null }

/** One page of photos, newest first; without access (401/403) an empty last page. */
export const fetchMediasPage = (username: string, viewer: string | null, cursor: string | null) =>
  shared(keys.medias(username, viewer, cursor), async () => {
    const query = `?limit=${MEDIAS_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`
    try {
      return await apiRequest(`/u/${encodeURIComponent(username)}/medias${query}`, mediasPage)
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        return lockedPage
      throw error
    }
  })

const likeAnswer = record<{ hasLiked: boolean }>("hasLiked")

export const setMediaLiked = (id: string, liked: boolean) =>
  apiRequest(`/medias/${encodeURIComponent(id)}/${liked ? "like" : "unlike"}`, likeAnswer, {
    method: "POST",
  })

/**
 * Photos load only for a signed-in viewer, a page at a time as the grid scrolls; without access
 * the list is empty. Every loaded page is fetched again, together, before its links lapse.
 */
export function useMedias(username: string, viewer: string | null) {
  const swr = useSWRInfinite(
    (index, previous: Page<Media> | null) => {
      if (!viewer || (previous && previous.nextCursor === null)) return null
      return keys.medias(username, viewer, index === 0 ? null : previous!.nextCursor)
    },
    ([, , , cursor]) => fetchMediasPage(username, viewer, cursor),
    // Loading a page asks for that page alone; the links' refresh below asks for them all.
    { revalidateFirstPage: false },
  )
  const { data: pages, error, size, setSize, mutate } = swr
  // One object for as long as nothing changed, so it can be handed up through state.
  const list = useMemo(() => {
    const withLike = (current: Page<Media>[] | undefined, id: string, liked: boolean) =>
      (current ?? []).map((page) => ({
        ...page,
        items: page.items.map((media) =>
          media._id === id ? { ...media, hasLiked: liked } : media,
        ),
      }))
    /** The heart changes at once and goes back if the server refuses. */
    const toggleLike = async (id: string, liked: boolean) => {
      await mutate(
        async (current) => {
          await setMediaLiked(id, liked)
          return withLike(current, id, liked)
        },
        {
          optimisticData: (current) => withLike(current, id, liked),
          rollbackOnError: true,
          revalidate: false,
        },
      )
    }
    return { ...pagedList({ data: pages, error, size, setSize }), mutate, toggleLike }
  }, [pages, error, size, setSize, mutate])
  const refreshIn = refreshBeforeLinksLapse(list.data)
  useEffect(() => {
    if (!refreshIn) return
    const timer = window.setTimeout(() => void mutate(), refreshIn)
    return () => window.clearTimeout(timer)
  }, [refreshIn, pages, mutate])
  return list
}
