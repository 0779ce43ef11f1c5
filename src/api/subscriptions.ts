import useSWR, { type SWRConfiguration } from "swr"
import type { CancelSubscriptionResponse, Subscription } from "../domain/models.ts"
import { ApiError, apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { prime, shared } from "./shared.ts"
import { nullable, record } from "./wire.ts"

export const subscriptionAnswer = record<Subscription>(
  "_id",
  "id",
  "status",
  "to",
  "payment",
  "plan",
)
const maybeSubscriptionAnswer = nullable(subscriptionAnswer)
const cancelAnswer = record<CancelSubscriptionResponse>()

/** The viewer's subscription to a creator; null when there is none. */
export const fetchSubscription = (username: string, viewer: string | null) =>
  shared(keys.subscription(username, viewer), async (): Promise<Subscription | null> => {
    if (!viewer) return null
    try {
      return await apiRequest(
        `/${encodeURIComponent(username)}/subscription`,
        maybeSubscriptionAnswer,
      )
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null
      throw error
    }
  })

/** Guards read a fresh subscription on every navigation and leave it cached for the page. */
export const primeSubscription = (username: string, viewer: string | null) =>
  prime(keys.subscription(username, viewer), () => fetchSubscription(username, viewer))

export function useSubscription(
  username: string,
  viewer: string | null,
  options: SWRConfiguration<Subscription | null> = {},
) {
  return useSWR(keys.subscription(username, viewer), () => fetchSubscription(username, viewer), {
    revalidateIfStale: false,
    ...options,
  })
}

export const fetchSubscriptionById = (id: string) =>
  apiRequest(`/subscription/${encodeURIComponent(id)}`, subscriptionAnswer)

/** Owner only; access stays until the end of the paid period (spec §4). */
export const cancelSubscription = (id: string) =>
  apiRequest(`/subscription/${encodeURIComponent(id)}/cancel`, cancelAnswer, { method: "POST" })
