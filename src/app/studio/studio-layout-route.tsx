import { Outlet, useLocation } from "react-router"
import { usePaymentsConfig } from "../../api/payments.ts"
import { useLoaderData, useNavigate } from "../routing/route-views.tsx"
import type { Account } from "../../domain/models.ts"
import {
  StudioShell,
  adminNav,
  adminSections,
  studioNav,
  studioSections,
} from "../../screens/studio/studio-shell.tsx"
import { logout } from "../session.ts"
import { useDocumentTitle } from "../use-document-title.ts"
import { loginPath, type Area } from "./studio-access.ts"

const areas = {
  studio: { name: "Estúdio", nav: () => studioNav(), sections: studioSections },
  // The sandbox's outbox tab, only where mails go to no one.
  admin: {
    name: "Operação",
    nav: (sandbox: boolean) => adminNav("/admin", { sandbox }),
    sections: adminSections,
  },
} as const

/** The signed-in area around each section: the shell, its tabs and the section's title. */
export default function StudioLayoutRoute() {
  const { account } = useLoaderData<{ account: Account }>()
  const location = useLocation()
  const navigate = useNavigate()
  const area: Area = location.pathname.startsWith("/admin") ? "admin" : "studio"
  const sandbox = usePaymentsConfig().data?.mode === "sandbox"
  const { name, nav, sections } = areas[area]
  const current = location.pathname.split("/")[2] ?? ""
  const title = sections.find((section) => section.key === current)?.label ?? name
  useDocumentTitle(`${title} · ${name}`)
  const publicHref = area === "studio" && account.username ? `/${account.username}` : undefined
  return (
    <StudioShell
      title={title}
      area={name}
      nav={nav(sandbox)}
      current={current}
      publicHref={publicHref}
      // Her sales page on this site's own address, as she would share it.
      publicUrl={publicHref ? new URL(publicHref, window.location.origin).href : undefined}
      onLogout={() => void logout().then(() => navigate(loginPath(area)))}
    >
      <Outlet context={account} />
    </StudioShell>
  )
}
