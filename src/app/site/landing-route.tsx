import { LANDING_TITLE, LandingScreen } from "../../screens/landing/landing-screen.tsx"
import { appConfig, currentYear } from "../config.ts"
import { useDocumentTitle } from "../use-document-title.ts"

export default function LandingRoute() {
  useDocumentTitle(LANDING_TITLE)
  return <LandingScreen supportPhone={appConfig.supportPhone} year={currentYear()} />
}
