import { Footer } from "../../components/footer.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { SiteHeader } from "../misc/site-header.tsx"
import { LegalPage } from "./legal-page.tsx"
import { privacySections } from "./privacy-sections.ts"

export const PRIVACY_TITLE = "Política de Privacidade"

export type PrivacyScreenProps = {
  supportEmail: string
  /** The operating company's CNPJ, as it should be printed. */
  companyId: string
  /** Copyright year in the footer. */
  year: number
}

export function PrivacyScreen({ supportEmail, companyId, year }: PrivacyScreenProps) {
  return (
    <LegalPage
      title={PRIVACY_TITLE}
      sections={privacySections({ productName: PRODUCT_NAME, supportEmail, companyId })}
      header={<SiteHeader />}
      footer={<Footer year={year} productName={PRODUCT_NAME} />}
    />
  )
}
