import { useNotificationSetting } from "../../api/notifications.ts"
import { notifyToggleLabel } from "../../domain/notifications.ts"
import { NotifyToggle } from "../../screens/notifications/notify-toggle.tsx"
import { chooseNotifications } from "../notifications/notify-choice.ts"
import { useSession } from "../session.ts"

/** "Avisar quando tiver novidade" on the profile of a creator she subscribes to. */
export default function ProfileNotify({ username }: { username: string }) {
  const { viewer } = useSession()
  const { data } = useNotificationSetting(username, viewer)
  if (!data) return null
  return (
    <NotifyToggle
      label={notifyToggleLabel}
      enabled={data.enabled}
      onChange={(next) => chooseNotifications(username, viewer, next)}
      className="px-4"
    />
  )
}
