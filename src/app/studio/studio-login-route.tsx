import { useEffect } from "react"
import { useSearchParams } from "react-router"
import { useLoaderData, useNavigate, useRevalidator } from "../routing/route-views.tsx"
import { StudioLoginScreen } from "../../screens/studio/studio-login-screen.tsx"
import { safeRedirect } from "../creator-page/paths.ts"
import { login, logout } from "../session.ts"
import { authStore } from "../stores/auth-store.ts"
import { useDocumentTitle } from "../use-document-title.ts"
import { whenIdle } from "../when-idle.ts"
import { routes } from "../router.tsx"
import { loadRouteModule, matchAppRoutes } from "../routing/routes.ts"
import { areaHome, areaRole, type loginLoader } from "./studio-access.ts"

/** /studio/entrar and /admin/entrar. */
export default function StudioLoginRoute() {
  const { area, wrongAccount } =
    useLoaderData<Awaited<ReturnType<ReturnType<typeof loginLoader>>>>()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()
  useDocumentTitle(area === "studio" ? "Estúdio" : "Operação")
  // The area's pages carry no preload list (build/preload-deps.ts): its first page's code is
  // fetched while she signs in, so entering it waits for nothing.
  useEffect(
    () =>
      whenIdle(() => {
        for (const { route } of matchAppRoutes(routes, areaHome[area]) ?? [])
          void loadRouteModule(route).catch(() => undefined)
      }),
    [area],
  )
  return (
    <StudioLoginScreen
      area={area}
      wrongAccount={wrongAccount}
      onSubmit={async ({ usernameOrEmail, password }) => {
        await login(usernameOrEmail, password)
        if (authStore.get().account?.role === areaRole[area]) {
          await navigate(safeRedirect(params.get("redirectTo"), areaHome[area]))
        } else await revalidate()
      }}
      onLogout={() => void logout().then(revalidate)}
    />
  )
}
