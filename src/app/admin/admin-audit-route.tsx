import { useState } from "react"
import { useAdminAudit, useAdminSubscriptionSearch } from "../../api/admin.ts"
import { AdminAuditScreen } from "../../screens/admin/admin-audit-screen.tsx"
import { useSession } from "../session.ts"
import { useDebounced } from "../studio/use-debounced.ts"
import { viewOf } from "../studio/views.ts"

export default function AdminAuditRoute() {
  const { viewer } = useSession()
  const [query, setQuery] = useState("")
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const q = useDebounced(query)
  const results = useAdminSubscriptionSearch(viewer, q)
  const audit = useAdminAudit(viewer, selectedId)
  return (
    <AdminAuditScreen
      query={query}
      onQueryChange={setQuery}
      results={
        q.trim().length < 3
          ? { status: "idle" }
          : viewOf(results, (data) => ({ subscriptions: data }))
      }
      selectedId={selectedId}
      onSelect={setSelectedId}
      audit={selectedId ? viewOf(audit, (data) => ({ audit: data })) : { status: "idle" }}
      onRetry={() => void Promise.all([results.mutate(), audit.mutate()])}
    />
  )
}
