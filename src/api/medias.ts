import useSWR from "swr"
import type { Media } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refreshBeforeLinksLapse } from "./link-refresh.ts"
import { lockedAsEmpty } from "./locked.ts"
import { shared } from "./shared.ts"
import { listOf, record } from "./wire.ts"

const mediasAnswer = listOf<Media>("_id", "src", "thumb", "createdAt")

export const fetchMedias = (username: string, viewer: string | null) =>
  shared(keys.medias(username, viewer), () =>
    lockedAsEmpty(apiRequest(`/u/${encodeURIComponent(username)}/medias`, mediasAnswer)),
  )

const likeAnswer = record<{ hasLiked: boolean }>("hasLiked")

export const setMediaLiked = (id: string, liked: boolean) =>
  apiRequest(`/medias/${encodeURIComponent(id)}/${liked ? "like" : "unlike"}`, likeAnswer, {
    method: "POST",
  })

/**
 * Photos load only for a signed-in viewer; without access the list is empty. Fetched again
 * before their links lapse.
 */
export function useMedias(username: string, viewer: string | null) {
  const swr = useSWR(
    viewer ? keys.medias(username, viewer) : null,
    () => fetchMedias(username, viewer),
    {
      refreshInterval: refreshBeforeLinksLapse,
    },
  )
  const withLike = (medias: Media[] | undefined, id: string, liked: boolean) =>
    (medias ?? []).map((media) => (media._id === id ? { ...media, hasLiked: liked } : media))

  /** The heart changes at once and goes back if the server refuses. */
  const toggleLike = async (id: string, liked: boolean) => {
    await swr.mutate(
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
  return { ...swr, toggleLike }
}
