import { createContext, use } from "react"
import type { Profile } from "../../domain/models.ts"

/** The creator whose area (/{username}/...) is open; set once the profile has loaded. */
export type Creator = { username: string; profile: Profile }

export const CreatorContext = createContext<Creator | null>(null)

export function useCreator(): Creator {
  const creator = use(CreatorContext)
  if (!creator) throw new Error("useCreator must be used inside the creator area")
  return creator
}
