import { Outlet } from "react-router"
import { AuthShell } from "../../../screens/auth/auth-shell.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { currentYear } from "../../config.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"

/** The frame of every login, register and recovery step of a creator's page. */
export default function AuthLayoutRoute() {
  const { username, profile } = useCreator()
  useTrackVisit("auth", username)
  return (
    <AuthShell profile={profile} backHref={creatorPaths(username).profile} year={currentYear()}>
      <Outlet />
    </AuthShell>
  )
}
