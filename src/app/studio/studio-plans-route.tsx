import { savePlans, useStudioPlans } from "../../api/studio.ts"
import { StudioPlansScreen } from "../../screens/studio/studio-plans-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "./views.ts"

export default function StudioPlansRoute() {
  const { viewer } = useSession()
  const plans = useStudioPlans(viewer)
  return (
    <StudioPlansScreen
      view={viewOf(plans, (data) => ({ plans: data }))}
      onRetry={() => void plans.mutate()}
      onSave={async (changes) => void (await savePlans(viewer, changes))}
    />
  )
}
