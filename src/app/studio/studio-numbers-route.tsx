import { useState } from "react"
import { useStudioNumbers } from "../../api/studio.ts"
import {
  StudioNumbersScreen,
  type NumbersPeriod,
} from "../../screens/studio/studio-numbers-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "./views.ts"

export default function StudioNumbersRoute() {
  const { viewer } = useSession()
  const [days, setDays] = useState<NumbersPeriod>(30)
  const numbers = useStudioNumbers(viewer, days)
  return (
    <StudioNumbersScreen
      view={viewOf(numbers, (data) => ({ numbers: data }))}
      days={days}
      onDaysChange={setDays}
      onRetry={() => void numbers.mutate()}
    />
  )
}
