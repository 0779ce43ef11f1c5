import { useNotificationSetting } from "../../api/notification-setting.ts"
import { notifyToggleLabel } from "../../domain/notification-texts.ts"
import { NotifyToggle } from "../../screens/notifications/notify-toggle.tsx"
import { chooseNotifications } from "../notifications/choose-on-demand.ts"
import { useSession } from "../session.ts"

/**
 * The switch's row, kept while its code and her setting arrive: the highlights and photos below
 * it would otherwise move down once it shows.
 */
const notifyPlaceholder = <div aria-hidden="true" className="min-h-11" />

/** "Avisar quando tiver novidade" on the profile of a creator she subscribes to. */
export default function ProfileNotify({ username }: { username: string }) {
  const { viewer } = useSession()
  const { data, error } = useNotificationSetting(username, viewer)
  if (!data) return error ? null : notifyPlaceholder
  return (
    <NotifyToggle
      label={notifyToggleLabel}
      enabled={data.enabled}
      onChange={(next) => chooseNotifications(username, viewer, next)}
      className="px-4"
    />
  )
}
