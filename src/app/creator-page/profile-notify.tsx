import { useNotificationSetting } from "../../api/notification-setting.ts"
import { notifyToggleLabel } from "../../domain/notification-texts.ts"
import { NotifyToggle } from "../../screens/notifications/notify-toggle.tsx"
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
      onChange={async (next) => {
        // Saving her choice checks its answer with zod: that code comes with the first tap.
        const { chooseNotifications } = await import("../notifications/notify-choice.ts")
        return chooseNotifications(username, viewer, next)
      }}
      className="px-4"
    />
  )
}
