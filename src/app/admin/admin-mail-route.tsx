import { resendDeadMail, useAdminDeadMail } from "../../api/admin.ts"
import { AdminMailScreen } from "../../screens/admin/admin-mail-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "../studio/views.ts"

export default function AdminMailRoute() {
  const { viewer } = useSession()
  const mails = useAdminDeadMail(viewer)
  return (
    <AdminMailScreen
      view={viewOf(mails, (data) => ({ mails: data }))}
      onRetry={() => void mails.mutate()}
      onResend={(id) => resendDeadMail(viewer, id)}
    />
  )
}
