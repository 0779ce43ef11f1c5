import { useState } from "react"
import {
  addVip,
  removeVip,
  reviewReceipt,
  useStudioReceipts,
  useStudioSubscribers,
} from "../../api/studio.ts"
import {
  StudioSubscribersScreen,
  type SubscribersFilters,
} from "../../screens/studio/studio-subscribers-screen.tsx"
import { useSession } from "../session.ts"
import { useNow } from "../use-now.ts"
import { useDebounced } from "./use-debounced.ts"
import { viewOf } from "./views.ts"

export default function StudioSubscribersRoute() {
  const { viewer } = useSession()
  const now = useNow(60_000)
  const [filters, setFilters] = useState<SubscribersFilters>({
    q: "",
    status: "all",
    method: "all",
  })
  const q = useDebounced(filters.q.trim())
  const subscribers = useStudioSubscribers(viewer, {
    q: q || undefined,
    status: filters.status === "all" ? undefined : filters.status,
    method: filters.method === "all" ? undefined : filters.method,
  })
  const receipts = useStudioReceipts(viewer)
  return (
    <StudioSubscribersScreen
      view={viewOf(subscribers, (data) => ({ subscribers: data }))}
      filters={filters}
      onFiltersChange={setFilters}
      onRetry={() => void subscribers.mutate()}
      onAddVip={(email) => addVip(viewer, email)}
      onRemoveVip={(id) => removeVip(viewer, id)}
      receipts={{
        view: viewOf(receipts, (data) => ({ receipts: data })),
        now,
        onRetry: () => void receipts.mutate(),
        onApprove: (paymentId) => reviewReceipt(viewer, paymentId, true),
        onReject: (paymentId) => reviewReceipt(viewer, paymentId, false),
      }}
    />
  )
}
