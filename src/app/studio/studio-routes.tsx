import { appPages } from "../../domain/route-segments.ts"
import { redirect, type AppRoute } from "../routing/routes.ts"
import { firstRender } from "../routing/first-render.ts"
import { routePages } from "../routing/route-pages.ts"
import { areaHome, loginLoader, requireArea } from "./studio-access.ts"

/** Each page is its own chunk: followers never download the studio. */
const page = routePages(
  import.meta.glob(["./*-route.tsx", "../admin/*-route.tsx"]),
  "src/app/studio",
)

const layout = page("./studio-layout-route.tsx")
// The same form for every visitor, drawn by the server: a signed-in member is sent on, or her
// account named, by the app once it runs (main.tsx runs the loaders again for her).
const loginPage = { ...page("./studio-login-route.tsx"), ...firstRender("sign-in") }

/** /studio for creators and /admin for the team; both guarded by role, each with its login. */
export const studioRoutes: AppRoute[] = [
  {
    path: appPages.studio,
    children: [
      { path: "entrar", loader: loginLoader("studio"), ...loginPage },
      { path: "convite", ...page("./studio-invite-route.tsx") },
      {
        loader: requireArea("studio"),
        ...layout,
        children: [
          { index: true, loader: () => redirect(areaHome.studio) },
          { path: "numeros", ...page("./studio-numbers-route.tsx") },
          { path: "perfil", ...page("./studio-profile-route.tsx") },
          { path: "planos", ...page("./studio-plans-route.tsx") },
          { path: "recebimento", ...page("./studio-receiving-route.tsx") },
          { path: "conteudo", ...page("./studio-content-route.tsx") },
          { path: "assinantes", ...page("./studio-subscribers-route.tsx") },
          { path: "cupons", ...page("./studio-coupons-route.tsx") },
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
          { path: "leads", ...page("../admin/admin-leads-route.tsx") },
          { path: "criadoras", ...page("../admin/admin-creators-route.tsx") },
          { path: "auditoria", ...page("../admin/admin-audit-route.tsx") },
          { path: "emails", ...page("../admin/admin-mail-route.tsx") },
          {
            path: "caixa-de-saida",
            ...page("../admin/admin-outbox-route.tsx"),
          },
          { path: "*", loader: () => redirect(areaHome.admin) },
        ],
      },
    ],
  },
]
