import { useState } from "react"
import { removeVip, reviewReceipt, useStudioReceipts } from "../../api/studio.ts"
import { inviteVip, useStudioVipInvites, withdrawVipInvite } from "../../api/vip-invites.ts"
import { useStudioSubscribers } from "../../api/studio-subscribers.ts"
import {
  StudioSubscribersScreen,
  type SubscribersFilters,
} from "../../screens/studio/studio-subscribers-screen.tsx"
import { useSession } from "../session.ts"
import { useNow } from "../use-now.ts"
import { useDebounced } from "./use-debounced.ts"
import { moreState } from "../more-state.ts"
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
  const invites = useStudioVipInvites(viewer)
  // Every loaded page again: a change may move someone in or out of the filtered list.
  const refreshList = async () => void (await subscribers.mutate())
  return (
    <StudioSubscribersScreen
      view={viewOf(subscribers, (data) => ({
        subscribers: data,
        more: moreState(subscribers.more, subscribers.errorMore),
      }))}
      filters={filters}
      onFiltersChange={setFilters}
      onRetry={() => void subscribers.mutate()}
      onLoadMore={subscribers.loadMore}
      vip={{
        view: viewOf(invites, (data) => ({ invites: data })),
        now,
        onRetry: () => void invites.mutate(),
        onInvite: (email) => inviteVip(viewer, email),
        onWithdraw: (inviteId) => withdrawVipInvite(viewer, inviteId),
      }}
      onRemoveVip={(id) => removeVip(viewer, id).then(refreshList)}
      receipts={{
        view: viewOf(receipts, (data) => ({ receipts: data })),
        now,
        onRetry: () => void receipts.mutate(),
        onApprove: (paymentId) => reviewReceipt(viewer, paymentId, true).then(refreshList),
        onReject: (paymentId) => reviewReceipt(viewer, paymentId, false).then(refreshList),
      }}
    />
  )
}
