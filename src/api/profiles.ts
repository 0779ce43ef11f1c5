import useSWR from "swr"
import { ProfileSchema, ProfileStatsSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { prime, shared } from "./shared.ts"

const path = (username: string) => encodeURIComponent(username)

export const fetchProfile = (username: string) =>
  shared(keys.profile(username), () => apiRequest(`/profile/${path(username)}`, ProfileSchema))

/** For the creator route's loader: the page opens only once the profile is here. */
export const primeProfile = (username: string) =>
  prime(keys.profile(username), () => fetchProfile(username))

export function useProfile(username: string) {
  return useSWR(keys.profile(username), () => fetchProfile(username), {
    revalidateIfStale: false,
  })
}

export const fetchStats = (username: string) =>
  shared(keys.stats(username), () => apiRequest(`/u/${path(username)}/stats`, ProfileStatsSchema))

export function useProfileStats(username: string) {
  return useSWR(keys.stats(username), () => fetchStats(username))
}
