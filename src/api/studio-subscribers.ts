import useSWRInfinite from "swr/infinite"
import { SUBSCRIBERS_PAGE_SIZE } from "../domain/cursor.ts"
import type { PaymentMethod } from "../domain/models.ts"
import type { StudioSubscriber, SubscriberFilter } from "../domain/studio.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { pagedList } from "./pages.ts"
import { query } from "./studio.ts"
import { pageOf } from "./wire.ts"

export type SubscribersFilter = { q?: string; status?: SubscriberFilter; method?: PaymentMethod }

// A light check (see wire.ts): the Assinantes page opens without zod.
const subscribersPageAnswer = pageOf<StudioSubscriber>("subscriptionId", "email", "status")
type SubscribersPage = { items: StudioSubscriber[]; nextCursor: string | null }

/**
 * The creator's subscribers, searched and filtered on the server, a page at a time as the list
 * scrolls. `mutate()` asks for every loaded page again (after a change to the lista VIP).
 */
export function useStudioSubscribers(viewer: string | null, filter: SubscribersFilter) {
  const swr = useSWRInfinite(
    (index, previous: SubscribersPage | null) =>
      previous && previous.nextCursor === null
        ? null
        : keys.studio("subscribers", viewer, filter, index === 0 ? null : previous!.nextCursor),
    (pageKey) => {
      const cursor = (pageKey[4] as string | null) ?? undefined
      const search = query({ ...filter, limit: SUBSCRIBERS_PAGE_SIZE, cursor })
      return apiRequest(`/studio/subscribers${search}`, subscribersPageAnswer)
    },
    { keepPreviousData: true, revalidateFirstPage: false },
  )
  return { ...pagedList(swr), mutate: swr.mutate }
}
