/** Public settings of this deployment, set at build time (VITE_*) with the demo defaults. */
const env = import.meta.env

export const appConfig = {
  supportPhone: env.VITE_SUPPORT_PHONE ?? "5511999990000",
  supportSiteUrl: env.VITE_SUPPORT_SITE_URL ?? "https://wa.me/5511999990000",
  supportEmail: env.VITE_SUPPORT_EMAIL ?? "suporte@closer.app.br",
  privacyEmail: env.VITE_PRIVACY_EMAIL ?? "privacidade@closer.app.br",
  companyId: env.VITE_COMPANY_ID ?? "12.345.678/0001-95",
} as const

export const currentYear = () => new Date().getFullYear()
