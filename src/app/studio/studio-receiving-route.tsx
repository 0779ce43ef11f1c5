import { saveReceiving, useStudioReceiving } from "../../api/studio.ts"
import { StudioReceivingScreen } from "../../screens/studio/studio-receiving-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "./views.ts"

export default function StudioReceivingRoute() {
  const { viewer } = useSession()
  const receiving = useStudioReceiving(viewer)
  return (
    <StudioReceivingScreen
      view={viewOf(receiving, (data) => ({ receiving: data }))}
      onRetry={() => void receiving.mutate()}
      onSave={async (change) => void (await saveReceiving(viewer, change))}
    />
  )
}
