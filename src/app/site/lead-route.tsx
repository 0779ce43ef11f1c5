import { sendLead } from "../../api/leads.ts"
import { LEAD_TITLE, LeadScreen } from "../../screens/lead/lead-screen.tsx"
import { botCheckToken } from "../bot-check.ts"
import { appConfig, currentYear } from "../config.ts"
import { useDocumentTitle } from "../use-document-title.ts"

export default function LeadRoute() {
  useDocumentTitle(LEAD_TITLE)
  return (
    <LeadScreen
      supportHref={appConfig.supportSiteUrl}
      year={currentYear()}
      onSubmit={async (lead) => {
        await sendLead(lead, await botCheckToken())
      }}
    />
  )
}
