import { useLoaderData, useRevalidator, useRouteError } from "../routing/route-views.tsx"
import { useProfile } from "../../api/profiles.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { ProfileScreenProps } from "../../screens/profile/profile-screen.tsx"
import { useTrackVisit } from "../analytics.ts"
import { appConfig, currentYear } from "../config.ts"
import { useDocumentTitle } from "../use-document-title.ts"

/** /{username}: title "@username", the profile visit, and the profile once loaded. */
export function useCreatorArea() {
  const { username } = useLoaderData() as { username: string }
  useDocumentTitle(`@${username}`)
  useTrackVisit("profile", username)
  const { data: profile } = useProfile(username)
  return { username, profile }
}

const noop = () => undefined

/**
 * A profile that does not load blocks the area (spec §2, §8): the profile screen's error
 * state, where retrying loads it again and nothing else responds.
 */
export function useBlockedCreatorArea(): ProfileScreenProps {
  const error = useRouteError()
  const { revalidate, state } = useRevalidator()
  useTrackVisit("error")
  return {
    view: { status: "error", message: errorMessage(error) },
    loggedIn: false,
    now: new Date(),
    lastSeen: 0,
    settingsHref: "/",
    subscriberHref: "/",
    supportPhone: appConfig.supportPhone,
    year: currentYear(),
    onRetry: () => state === "idle" && void revalidate(),
    onSubscribe: noop,
    onOpenStories: noop,
    onOpenHighlight: noop,
    onToggleLike: async () => undefined,
  }
}
