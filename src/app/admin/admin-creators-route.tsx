import { useState } from "react"
import { setCreatorBanned, useAdminCreators } from "../../api/admin.ts"
import { AdminCreatorsScreen } from "../../screens/admin/admin-creators-screen.tsx"
import { useSession } from "../session.ts"
import { useDebounced } from "../studio/use-debounced.ts"
import { viewOf } from "../studio/views.ts"

export default function AdminCreatorsRoute() {
  const { viewer } = useSession()
  const [query, setQuery] = useState("")
  const creators = useAdminCreators(viewer, useDebounced(query.trim()))
  return (
    <AdminCreatorsScreen
      view={viewOf(creators, (data) => ({ creators: data }))}
      query={query}
      onQueryChange={setQuery}
      onRetry={() => void creators.mutate()}
      onSetBanned={(id, banned) => setCreatorBanned(viewer, id, banned)}
    />
  )
}
