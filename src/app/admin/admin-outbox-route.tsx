import { useState } from "react"
import { useAdminOutbox } from "../../api/admin.ts"
import { AdminOutboxScreen } from "../../screens/admin/admin-outbox-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "../studio/views.ts"

export default function AdminOutboxRoute() {
  const { viewer } = useSession()
  const [page, setPage] = useState(1)
  const mails = useAdminOutbox(viewer, page)
  return (
    <AdminOutboxScreen
      view={viewOf(mails, (data) => data)}
      onRetry={() => void mails.mutate()}
      onPage={setPage}
    />
  )
}
