import { PRIVACY_TITLE, PrivacyScreen } from "../../screens/legal/privacy-screen.tsx"
import { appConfig, currentYear } from "../config.ts"
import { useDocumentTitle } from "../use-document-title.ts"

export default function PrivacyRoute() {
  useDocumentTitle(PRIVACY_TITLE)
  return (
    <PrivacyScreen
      supportEmail={appConfig.privacyEmail}
      companyId={appConfig.companyId}
      year={currentYear()}
    />
  )
}
