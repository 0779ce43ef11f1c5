import { Footer } from "../../components/footer.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { SiteHeader } from "../misc/site-header.tsx"
import { LegalPage } from "./legal-page.tsx"
import { termsSections } from "./terms-sections.ts"

export const TERMS_TITLE = "Termos de uso"

export type TermsScreenProps = {
  supportEmail: string
  /** The operating company's CNPJ, as it should be printed. */
  companyId: string
  /** Copyright year in the footer. */
  year: number
}

export function TermsScreen({ supportEmail, companyId, year }: TermsScreenProps) {
  return (
    <LegalPage
      title={TERMS_TITLE}
      meta="Última modificação: abril de 2021"
      sections={termsSections({ productName: PRODUCT_NAME, supportEmail, companyId })}
      header={<SiteHeader />}
      footer={<Footer year={year} productName={PRODUCT_NAME} />}
    />
  )
}
