import { useState } from "react"
import { inviteLead, resendLeadInvite, setLeadContacted, useAdminLeads } from "../../api/admin.ts"
import { AdminLeadsScreen, type LeadsFilters } from "../../screens/admin/admin-leads-screen.tsx"
import { useSession } from "../session.ts"
import { useDebounced } from "../studio/use-debounced.ts"
import { viewOf } from "../studio/views.ts"

export default function AdminLeadsRoute() {
  const { viewer } = useSession()
  const [filters, setFilters] = useState<LeadsFilters>({ q: "", status: "all" })
  const q = useDebounced(filters.q.trim())
  const leads = useAdminLeads(viewer, {
    q: q || undefined,
    status: filters.status === "all" ? undefined : filters.status,
  })
  return (
    <AdminLeadsScreen
      view={viewOf(leads, (data) => ({ leads: data }))}
      filters={filters}
      onFiltersChange={setFilters}
      onRetry={() => void leads.mutate()}
      onSetContacted={(id, contacted) => setLeadContacted(viewer, id, contacted)}
      onInvite={(id, values) => inviteLead(viewer, id, values)}
      onResendInvite={(id) => resendLeadInvite(viewer, id)}
    />
  )
}
