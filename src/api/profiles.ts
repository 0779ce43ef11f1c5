import useSWR from "swr"
import type { Profile, ProfileStats } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { prime, shared } from "./shared.ts"
import { record } from "./wire.ts"

const path = (username: string) => encodeURIComponent(username)

const profileAnswer = record<Profile>("_id", "username", "plans", "account", "paymentGateway")
const statsAnswer = record<ProfileStats>("medias", "highlights", "stories")

export const fetchProfile = (username: string) =>
  shared(keys.profile(username), () => apiRequest(`/profile/${path(username)}`, profileAnswer))

/** For the creator route's loader: the page opens only once the profile is here. */
export const primeProfile = (username: string) =>
  prime(keys.profile(username), () => fetchProfile(username))

export function useProfile(username: string) {
  return useSWR(keys.profile(username), () => fetchProfile(username), {
    revalidateIfStale: false,
  })
}

export const fetchStats = (username: string) =>
  shared(keys.stats(username), () => apiRequest(`/u/${path(username)}/stats`, statsAnswer))

export function useProfileStats(username: string) {
  return useSWR(keys.stats(username), () => fetchStats(username))
}
