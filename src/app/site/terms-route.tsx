import { TERMS_TITLE, TermsScreen } from "../../screens/legal/terms-screen.tsx"
import { appConfig, currentYear } from "../config.ts"
import { useDocumentTitle } from "../use-document-title.ts"

export default function TermsRoute() {
  useDocumentTitle(TERMS_TITLE)
  return (
    <TermsScreen
      supportEmail={appConfig.supportEmail}
      companyId={appConfig.companyId}
      year={currentYear()}
    />
  )
}
