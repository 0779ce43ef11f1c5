import { appPages } from "../../domain/route-segments.ts"
import { redirect, type AppRoute } from "../routing/routes.ts"
import { areaHome, loginLoader, requireArea } from "./studio-access.ts"

type PageModule = { default: React.ComponentType }

/** Each page is its own chunk: followers never download the studio. */
const page = (load: () => Promise<PageModule>) => ({
  lazy: async () => ({ Component: (await load()).default }),
})

const layout = page(() => import("./studio-layout-route.tsx"))
const loginPage = page(() => import("./studio-login-route.tsx"))

/** /studio for creators and /admin for the team; both guarded by role, each with its login. */
export const studioRoutes: AppRoute[] = [
  {
    path: appPages.studio,
    children: [
      { path: "entrar", loader: loginLoader("studio"), ...loginPage },
      { path: "convite", ...page(() => import("./studio-invite-route.tsx")) },
      {
        loader: requireArea("studio"),
        ...layout,
        children: [
          { index: true, loader: () => redirect(areaHome.studio) },
          { path: "numeros", ...page(() => import("./studio-numbers-route.tsx")) },
          { path: "perfil", ...page(() => import("./studio-profile-route.tsx")) },
          { path: "planos", ...page(() => import("./studio-plans-route.tsx")) },
          { path: "recebimento", ...page(() => import("./studio-receiving-route.tsx")) },
          { path: "conteudo", ...page(() => import("./studio-content-route.tsx")) },
          { path: "assinantes", ...page(() => import("./studio-subscribers-route.tsx")) },
          { path: "cupons", ...page(() => import("./studio-coupons-route.tsx")) },
          { path: "*", loader: () => redirect(areaHome.studio) },
        ],
      },
    ],
  },
  {
    path: appPages.admin,
    children: [
      { path: "entrar", loader: loginLoader("admin"), ...loginPage },
      {
        loader: requireArea("admin"),
        ...layout,
        children: [
          { index: true, loader: () => redirect(areaHome.admin) },
          { path: "leads", ...page(() => import("../admin/admin-leads-route.tsx")) },
          { path: "criadoras", ...page(() => import("../admin/admin-creators-route.tsx")) },
          { path: "auditoria", ...page(() => import("../admin/admin-audit-route.tsx")) },
          { path: "emails", ...page(() => import("../admin/admin-mail-route.tsx")) },
          {
            path: "caixa-de-saida",
            ...page(() => import("../admin/admin-outbox-route.tsx")),
          },
          { path: "*", loader: () => redirect(areaHome.admin) },
        ],
      },
    ],
  },
]
