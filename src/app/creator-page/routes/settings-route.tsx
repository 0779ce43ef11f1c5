import { SettingsScreen } from "../../../screens/settings/settings-screen.tsx"
import { useCreator } from "../creator-context.ts"
import { SettingsNotifications } from "../settings-notifications.tsx"
import { useSettings } from "../use-settings.ts"

/** "Minha conta": the account, this creator's subscription, cancel, logout and the LGPD rights. */
export default function SettingsRoute() {
  const { username, profile } = useCreator()
  const settings = useSettings(username, profile)
  return (
    <SettingsScreen
      view={settings.view}
      now={new Date()}
      onBack={settings.back}
      onRetry={settings.retry}
      onLogout={settings.logout}
      onLogoutEverywhere={settings.logoutEverywhere}
      accountData={settings.accountData}
      hrefs={settings.hrefs}
      notifications={<SettingsNotifications />}
    />
  )
}
