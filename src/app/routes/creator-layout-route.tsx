import { Outlet, useLoaderData, useRevalidator, useRouteError } from "react-router"
import { useProfile } from "../../api/profiles.ts"
import { errorMessage } from "../../domain/errors.ts"
import { BannedScreen } from "../../screens/misc/banned-screen.tsx"
import { SplashScreen } from "../../screens/misc/splash-screen.tsx"
import { ProfileScreen } from "../../screens/profile/profile-screen.tsx"
import { useTrackVisit } from "../analytics.ts"
import { appConfig, currentYear } from "../config.ts"
import { CreatorContext } from "../creator/creator-context.ts"
import { useDocumentTitle } from "../use-document-title.ts"

/** /{username}: title "@username", the profile visit, and the creator for every child page. */
export default function CreatorLayoutRoute() {
  const { username } = useLoaderData() as { username: string }
  useDocumentTitle(`@${username}`)
  useTrackVisit("profile", username)
  const { data: profile } = useProfile(username)
  if (!profile) return <SplashScreen />
  if (profile.banned) return <BannedScreen />
  return (
    <CreatorContext value={{ username, profile }}>
      <Outlet />
    </CreatorContext>
  )
}

/** A profile that does not load blocks the whole area (spec §2, §8). */
export function ErrorBoundary() {
  const error = useRouteError()
  const { revalidate, state } = useRevalidator()
  useTrackVisit("error")
  return (
    <ProfileScreen
      view={{ status: "error", message: errorMessage(error) }}
      loggedIn={false}
      now={new Date()}
      lastSeen={0}
      settingsHref="/"
      subscriberHref="/"
      supportPhone={appConfig.supportPhone}
      year={currentYear()}
      onRetry={() => state === "idle" && void revalidate()}
      onSubscribe={noop}
      onOpenStories={noop}
      onOpenHighlight={noop}
      onToggleLike={async () => undefined}
    />
  )
}

const noop = () => undefined
