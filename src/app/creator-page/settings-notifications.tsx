import { useNotificationCreators } from "../../api/notification-creators.ts"
import { errorMessage } from "../../domain/errors.ts"
import { NotificationPreferences } from "../../screens/notifications/notification-preferences.tsx"
import { chooseNotifications } from "../notifications/choose-on-demand.ts"
import { useSession } from "../session.ts"

/** "Avisos de novidades" in Minha conta: the creators she subscribes to, each with a switch. */
export function SettingsNotifications() {
  const { viewer } = useSession()
  const creators = useNotificationCreators(viewer)
  return (
    <NotificationPreferences
      view={
        creators.error
          ? { status: "error", message: errorMessage(creators.error) }
          : creators.data
            ? { status: "ready", creators: creators.data }
            : { status: "loading" }
      }
      onRetry={() => void creators.mutate()}
      onChange={(username, next) => chooseNotifications(username, viewer, next)}
    />
  )
}
