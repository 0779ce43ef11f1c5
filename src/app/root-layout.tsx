import { Outlet } from "react-router"
import { useNavigate } from "./routing/route-views.tsx"
import { SWRConfig } from "swr"
import { AlertProvider } from "../components/ui/alert.tsx"
import { NavigationProvider } from "../components/ui/app-link.tsx"

/** Providers every route shares: in-app navigation for plain links, alerts and the SWR cache. */
export function RootLayout() {
  const navigate = useNavigate()
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <NavigationProvider navigate={(href) => void navigate(href)}>
        <AlertProvider>
          <Outlet />
        </AlertProvider>
      </NavigationProvider>
    </SWRConfig>
  )
}
